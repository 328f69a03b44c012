// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderPage, type SeenRequest } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';
import { AGENT_ID, aHandover, anAgentDetail, anApplicant, statementLines } from './agent-fixtures.ts';
import AgentPage from './agent-page.tsx';
import type { ApproveAgent } from './agents-page.tsx';
import type { AdminAgentDetail } from './api.ts';

let detail: AdminAgentDetail;
const older = aHandover({
  id: '6e1d7c2f-3b4a-4c6d-9e8f-0a1b2c3d4e5f',
  amount: 90_000,
  method: 'cash',
  reference: null,
  note: null,
  createdAt: '2026-02-20T12:00:00.000Z',
});
let handoverReply: { status: number; body: unknown };
const server = fakeServer((request: SeenRequest) => {
  const path = `/api/admin/agents/${AGENT_ID}`;
  if (request.method === 'GET' && request.url === path) return { body: detail };
  // The handovers come in two pages; the statement in one.
  if (request.url === `${path}/handovers?limit=25`) return { body: { items: [aHandover()], nextCursor: 'next' } };
  if (request.url === `${path}/handovers?limit=25&cursor=next`) return { body: { items: [older], nextCursor: null } };
  if (request.url === `${path}/statement?limit=25`) return { body: { items: statementLines, nextCursor: null } };
  if (request.method === 'PATCH' && request.url === path) return { body: { ...detail, commissionRateBp: 300 } };
  if (request.method === 'PUT' && request.url.startsWith(`${path}/targets/`)) {
    return { body: { month: '2026-04-01', ...(request.body as object) } };
  }
  if (request.method === 'POST' && request.url === `${path}/handovers`) return handoverReply;
  return { status: 404, body: {} };
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T09:00:00.000Z'));
  detail = anAgentDetail();
  handoverReply = { status: 201, body: aHandover() };
  server.start();
});

const Approve: ApproveAgent = ({ applicant }) => <div role="dialog" aria-label={`Approve ${applicant.name}`} />;
const Page = () => <AgentPage Approve={Approve} />;
const open = () => renderPage(Page, `/admin/agents/${AGENT_ID}`, '/admin/agents/:id');
const part = async (name: string) =>
  within((await screen.findByRole('heading', { name, level: 2 })).closest('section')!);
const writes = () => server.seen.filter((r) => r.method !== 'GET');

describe("an agent's admin page", () => {
  it('shows the month, the targets with progress, the handovers and the statement, by name', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Okello James', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Okello James · Agents · EcoGrid admin');
    const month = (await part('This month')).getByText('Cash on hand').parentElement!.textContent;
    expect(month).toBe('Cash on handUGX 320,000 of UGX 500,000');
    const targets = await part('Month targets');
    const list = targets.getByRole('list', { name: 'Month targets' }).textContent!;
    expect(list).toContain('March 2026Sales targetUGX 1,500,000 of UGX 3,000,000 (50%)');
    expect(list).toContain('February 2026Sales UGX 2,000,000 · collections UGX 600,000');
    const handovers = (await (await part('Cash handovers')).findByRole('list', { name: 'Cash handovers' }))
      .textContent!;
    expect(handovers).toContain('UGX 200,000');
    expect(handovers).toContain('Bank deposit · STANBIC-88121');
    expect(handovers).toContain('Recorded by Admin Achieng');
    expect(handovers).not.toContain('UGX 90,000');
    const statement = (await (await part('Statement')).findByRole('list', { name: 'Statement' })).textContent!;
    expect(statement).toContain('Withdrawal to MTN Mobile Money−UGX 20,000');
    expect(statement).toContain('Commission on payment EG-7K2M9QXA for ORD-100231+UGX 37,500');
    expect(statement).toContain('Balance UGX 17,500');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows older handovers a page at a time', async () => {
    open();
    const handovers = await part('Cash handovers');
    await handovers.findByText('STANBIC-88121');
    expect((await part('Statement')).queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.click(handovers.getByRole('button', { name: 'Load more' }));
    const list = await handovers.findByRole('list', { name: 'Cash handovers' });
    await waitFor(() => expect(list.textContent).toContain('UGX 90,000'));
    expect(list.textContent).toMatch(/UGX 200,000.*UGX 90,000/);
    expect(handovers.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('saves only the changed settings, after showing what changes', async () => {
    open();
    const settings = await part('Settings');
    fireEvent.click(settings.getByRole('button', { name: 'Save settings' }));
    expect(settings.getByRole('alert').textContent).toBe('Nothing has changed: edit a setting first.');
    fireEvent.change(settings.getByLabelText('Commission rate (%)'), { target: { value: '60' } });
    fireEvent.click(settings.getByRole('button', { name: 'Save settings' }));
    expect(settings.getByLabelText('Commission rate (%)').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(settings.getByLabelText('Commission rate (%)'), { target: { value: '3' } });
    fireEvent.change(settings.getByLabelText('Districts served'), { target: { value: 'Mukono, Wakiso, Buikwe' } });
    fireEvent.click(settings.getByRole('checkbox', { name: 'Active: the agent can sell and collect' }));
    fireEvent.click(settings.getByRole('button', { name: 'Save settings' }));
    const confirm = screen.getByRole('dialog', { name: "Change Okello James's settings?" });
    expect(confirm.textContent).toContain('Commission rate: 2.5% → 3%');
    expect(confirm.textContent).toContain('Districts served: Mukono, Wakiso → Mukono, Wakiso, Buikwe');
    expect(confirm.textContent).toContain('Standing: Active → Not active');
    expect(confirm.textContent).not.toContain('Cash limit');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({
      commissionRateBp: 300,
      districts: ['Mukono', 'Wakiso', 'Buikwe'],
      isActive: false,
    });
  });

  it("sets a chosen month's targets", async () => {
    open();
    const targets = await part('Month targets');
    expect((targets.getByLabelText('Month') as HTMLInputElement).value).toBe('2026-03');
    expect((targets.getByLabelText('Sales target (UGX)') as HTMLInputElement).value).toBe('3000000');
    fireEvent.change(targets.getByLabelText('Month'), { target: { value: '2026-04' } });
    fireEvent.change(targets.getByLabelText('Sales target (UGX)'), { target: { value: '4,000,000' } });
    fireEvent.change(targets.getByLabelText('Collections target (UGX)'), { target: { value: '900000' } });
    fireEvent.click(targets.getByRole('button', { name: 'Save targets' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: `/api/admin/agents/${AGENT_ID}/targets/2026-04`,
      body: { salesTarget: 4_000_000, collectionsTarget: 900_000 },
    });
  });

  it('records a handover once per form, asks a bank deposit for its reference, and shows a refusal', async () => {
    open();
    const handovers = await part('Cash handovers');
    fireEvent.click(handovers.getByRole('button', { name: 'Record handover' }));
    expect((handovers.getByLabelText('Amount (UGX)') as HTMLInputElement).value).toBe('320000');
    fireEvent.change(handovers.getByLabelText('How it was handed over'), { target: { value: 'bank_deposit' } });
    fireEvent.click(handovers.getByRole('button', { name: 'Record handover' }));
    const reference = handovers.getByLabelText('Bank reference');
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    handoverReply = {
      status: 422,
      body: { error: { code: 'handover_exceeds_cash', message: 'Okello James holds only UGX 320,000.' } },
    };
    fireEvent.change(handovers.getByLabelText('Amount (UGX)'), { target: { value: '400000' } });
    fireEvent.change(reference, { target: { value: 'STANBIC-9001' } });
    fireEvent.click(handovers.getByRole('button', { name: 'Record handover' }));
    expect((await handovers.findByRole('alert')).textContent).toBe('Okello James holds only UGX 320,000.');

    handoverReply = { status: 201, body: aHandover() };
    fireEvent.change(handovers.getByLabelText('Amount (UGX)'), { target: { value: '320000' } });
    fireEvent.click(handovers.getByRole('button', { name: 'Record handover' }));
    await waitFor(() => expect(handovers.queryByLabelText('Amount (UGX)')).toBeNull());
    const [refused, recorded] = writes();
    expect(recorded!.body).toEqual({ amount: 320_000, method: 'bank_deposit', reference: 'STANBIC-9001' });
    expect(refused!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorded!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorded!.idempotencyKey).not.toBe(refused!.idempotencyKey);
  });

  it('offers an applicant the approval rather than settings', async () => {
    detail = { ...anAgentDetail(), ...anApplicant({ id: AGENT_ID }), targets: [] };
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(screen.getByRole('dialog', { name: 'Approve Namusoke Grace' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
  });
});
