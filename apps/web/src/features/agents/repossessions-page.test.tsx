// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAgentPage } from '@/test/agent-setup.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, type Reply } from '@/test/fake-server.ts';
import type { Repossession } from './collections-api.ts';
import AgentRepossessionsPage from './repossessions-page.tsx';

const ID = '3b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const aRepossession = (changes: Partial<Repossession> = {}): Repossession => ({
  id: ID,
  loanId: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  loanNumber: 'LN-000007',
  customerName: 'Nakato Sarah',
  customerPhone: '+256772123456',
  village: 'Kireka',
  subCounty: 'Kira',
  district: 'Wakiso',
  productName: 'SunKing Home 60 kit',
  deviceSerial: 'SK60-000123',
  amountOwed: 310_000,
  status: 'started',
  reason: 'In default for 40 days',
  agentName: 'Okello Peter',
  condition: null,
  failureReason: null,
  attemptedAt: null,
  createdAt: '2026-03-02T07:15:00.000Z',
  ...changes,
});

let list: Reply;
let attemptReply: Reply;
const server = fakeServer(({ url, method }) => {
  if (url === '/api/agent/repossessions' && method === 'GET') return list;
  if (url === `/api/agent/repossessions/${ID}/attempts` && method === 'POST') return attemptReply;
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  list = { body: { repossessions: [aRepossession()] } };
  attemptReply = { body: aRepossession({ status: 'failed', failureReason: 'Nobody at home' }) };
  server.start();
});

const renderPage = () =>
  renderAgentPage('/agent/repossessions', { '/agent/repossessions': <AgentRepossessionsPage /> });
const posts = () => server.seen.filter((r) => r.method === 'POST');

async function openForm() {
  const found = await screen.findByRole('list', { name: 'Units to take back' });
  const item = within(within(found).getAllByRole('listitem')[0]!);
  fireEvent.click(item.getByRole('button', { name: 'Record the attempt' }));
  return item;
}

describe('units to take back', () => {
  it('lists each with the customer, place, product, serial and amount owed', async () => {
    const { container } = renderPage();
    const item = await openForm();
    expect(document.title).toBe('Units to take back · EcoGrid');
    expect(screen.getByText('1 unit of a defaulted loan to take back')).toBeTruthy();
    expect(item.getByRole('heading', { name: 'Nakato Sarah' })).toBeTruthy();
    expect(item.getByText('SunKing Home 60 kit · LN-000007')).toBeTruthy();
    expect(item.getByText('SK60-000123')).toBeTruthy();
    expect(item.getByText('Kireka, Kira, Wakiso')).toBeTruthy();
    expect(item.getByText('UGX 310,000')).toBeTruthy();
    expect(item.getByText('Mar 2, 2026')).toBeTruthy();
    expect(item.getByText('Why: In default for 40 days')).toBeTruthy();
    expect(item.getByRole('link', { name: 'Call Nakato Sarah (0772 123456)' })).toBeTruthy();
    await expectAccessible(container);
  });

  it('asks for the outcome, then the condition or the reason, before sending', async () => {
    renderPage();
    const item = await openForm();
    fireEvent.click(item.getByRole('button', { name: 'Save the attempt' }));
    expect(item.getByText('Say whether the unit was recovered')).toBeTruthy();
    fireEvent.change(item.getByLabelText('Was the unit recovered?'), { target: { value: 'recovered' } });
    fireEvent.click(item.getByRole('button', { name: 'Save the attempt' }));
    expect(item.getByText("Choose the unit's condition")).toBeTruthy();
    fireEvent.change(item.getByLabelText('Was the unit recovered?'), { target: { value: 'failed' } });
    fireEvent.change(item.getByLabelText('Why it was not recovered'), { target: { value: 'no' } });
    fireEvent.click(item.getByRole('button', { name: 'Save the attempt' }));
    expect(item.getByText('Say why the unit was not recovered (3 to 300 characters)')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('records a failed attempt with the reason; the unit stays on the list', async () => {
    renderPage();
    const item = await openForm();
    fireEvent.change(item.getByLabelText('Was the unit recovered?'), { target: { value: 'failed' } });
    fireEvent.change(item.getByLabelText('Why it was not recovered'), { target: { value: ' Nobody at home ' } });
    fireEvent.change(item.getByLabelText('Note (optional)'), { target: { value: 'Gone to Jinja, back Friday' } });
    list = { body: { repossessions: [aRepossession({ id: '4b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e' })] } };
    fireEvent.click(item.getByRole('button', { name: 'Save the attempt' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      outcome: 'failed',
      reason: 'Nobody at home',
      note: 'Gone to Jinja, back Friday',
    });
    expect(
      await screen.findByText('Attempt recorded for Nakato Sarah. The unit stays on your list for another try.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Record the attempt' })).toBeTruthy();
  });

  it('records a recovered unit with its condition; it leaves the list', async () => {
    attemptReply = { body: aRepossession({ status: 'recovered', condition: 'damaged' }) };
    renderPage();
    const item = await openForm();
    fireEvent.change(item.getByLabelText('Was the unit recovered?'), { target: { value: 'recovered' } });
    fireEvent.change(item.getByLabelText("The unit's condition"), { target: { value: 'damaged' } });
    list = { body: { repossessions: [] } };
    fireEvent.click(item.getByRole('button', { name: 'Save the attempt' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ outcome: 'recovered', condition: 'damaged' });
    expect(
      await screen.findByText('SunKing Home 60 kit recovered from Nakato Sarah: the loan closes as repossessed.'),
    ).toBeTruthy();
    expect(await screen.findByText('No unit to take back.')).toBeTruthy();
  });

  it("shows the server's refusal in its words", async () => {
    attemptReply = {
      status: 409,
      body: {
        error: {
          code: 'loan_not_defaulted',
          message: 'Loan LN-000007 is active: only a defaulted loan’s unit is taken back.',
        },
      },
    };
    renderPage();
    const item = await openForm();
    fireEvent.change(item.getByLabelText('Was the unit recovered?'), { target: { value: 'recovered' } });
    fireEvent.change(item.getByLabelText("The unit's condition"), { target: { value: 'good' } });
    fireEvent.click(item.getByRole('button', { name: 'Save the attempt' }));
    expect((await item.findByRole('alert')).textContent).toBe(
      'Loan LN-000007 is active: only a defaulted loan’s unit is taken back.',
    );
  });
});
