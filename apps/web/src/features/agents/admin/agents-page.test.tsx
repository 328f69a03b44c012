// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';
import { anAdminAgent, anApplicant } from './agent-fixtures.ts';
import type { AdminAgent } from './api.ts';
import AgentsPage, { type ApproveAgent } from './agents-page.tsx';

let firstPage: AdminAgent[];
const server = fakeServer(({ url }) => {
  if (!url.startsWith('/api/admin/agents?')) return { status: 404, body: {} };
  if (url.includes('status=applicant')) return { body: { items: [anApplicant()], nextCursor: null } };
  return url.includes('cursor=c2')
    ? { body: { items: [anAdminAgent({ id: 'u-agent-2', name: 'Auma Ruth', isActive: false })], nextCursor: null } }
    : { body: { items: firstPage, nextCursor: 'c2' } };
});

beforeEach(() => {
  firstPage = [anAdminAgent()];
  server.start();
});

let approving: string[] = [];
/** Stands in for the users feature's approval: says whom it was opened for. */
const Approve: ApproveAgent = ({ applicant, onClose }) => (
  <div role="dialog" aria-label={`Approve ${applicant.name}`}>
    {(approving.push(applicant.id), null)}
    <button type="button" onClick={onClose}>
      Close
    </button>
  </div>
);
const Page = () => <AgentsPage Approve={Approve} />;

const listRequests = () => server.seen.map((r) => r.url).filter((url) => url.startsWith('/api/admin/agents?'));

describe('the admin agents list', () => {
  it('shows each agent with code, rate, districts, cash against the limit, the month, the target and PAR30', async () => {
    renderPage(Page, '/admin/agents');
    const card = await screen.findByRole('article', { name: 'Okello James' });
    expect(within(card).getByRole('link', { name: 'Okello James' }).getAttribute('href')).toBe(
      '/admin/agents/u-agent-1',
    );
    const text = card.textContent!;
    expect(text).toContain('AG-001');
    expect(text).toContain('Active');
    expect(text).toContain('Commission rate2.5%');
    expect(text).toContain('Districts servedMukono, Wakiso');
    expect(text).toContain('Cash on handUGX 320,000 of UGX 500,000');
    expect(text).toContain('Sales this monthUGX 1,500,000 (3 sales)');
    expect(text).toContain('Collected this monthUGX 640,000 (8 collections)');
    expect(text).toContain('Commission this monthUGX 37,500');
    expect(text).toContain('PAR3012.3%');
    expect(text).toContain('UGX 1,500,000 of UGX 3,000,000 (50%)');
    expect(text).toContain('UGX 640,000 of UGX 800,000 (80%)');
    expect(within(card).getByRole('progressbar', { name: 'Sales target' })).toBeTruthy();
    expect(screen.getByText('Showing 1 agent')).toBeTruthy();
    expect(document.title).toBe('Agents · EcoGrid admin');
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('article', { name: 'Auma Ruth' })).textContent).toContain('Not active');
    expect(listRequests()).toEqual([
      '/api/admin/agents?status=approved&limit=25',
      '/api/admin/agents?status=approved&limit=25&cursor=c2',
    ]);
  });

  it('flags an agent at the cash limit, and says when none of their customers owe anything', async () => {
    firstPage = [anAdminAgent({ cashOnHand: 500_000, par30: null, target: null, districts: [] })];
    renderPage(Page, '/admin/agents');
    const text = (await screen.findByRole('article', { name: 'Okello James' })).textContent!;
    expect(text).toContain('Cash on handUGX 500,000 of UGX 500,000At the limit');
    expect(text).toContain('PAR30No loans outstanding');
    expect(text).toContain('Districts servedNo districts set');
    expect(text).toContain('No target set for this month.');
  });

  it('lists applicants on their tab, each opening the approval', async () => {
    approving = [];
    renderPage(Page, '/admin/agents');
    await screen.findByRole('article', { name: 'Okello James' });
    fireEvent.click(screen.getByRole('tab', { name: 'Applicants' }));
    const card = await screen.findByRole('article', { name: 'Namusoke Grace' });
    expect(screen.getByRole('tab', { name: 'Applicants' }).getAttribute('aria-selected')).toBe('true');
    expect(card.textContent).toContain('grace@example.ug');
    expect(card.textContent).toContain('AppliedJan 10, 2026, 10:15 AM');
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Approve Namusoke Grace' }));
    expect(screen.getByRole('dialog', { name: 'Approve Namusoke Grace' })).toBeTruthy();
    expect(approving).toContain('u-applicant-1');
    expect(listRequests()).toContain('/api/admin/agents?status=applicant&limit=25');
  });

  it('searches by name, phone or code once typing stops', async () => {
    renderPage(Page, '/admin/agents?status=applicant');
    await screen.findByRole('article', { name: 'Namusoke Grace' });
    fireEvent.change(screen.getByLabelText('Search agents'), { target: { value: 'AG-00 ' } });
    await waitFor(() => expect(listRequests()).toContain('/api/admin/agents?status=applicant&q=AG-00&limit=25'));
  });
});
