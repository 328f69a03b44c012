// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { keepOfflineCache, restoreOfflineCache } from '@/lib/offline-cache.ts';
import { AGENT_ID, renderAgentPage } from '@/test/agent-setup.tsx';
import { listServer, retryAfterFailure } from '@/test/agent-book-setup.ts';
import { expectAccessible } from '@/test/axe.ts';
import { aSummary } from '@/test/loan-fixtures.ts';
import type { AgentLoan } from './books-api.ts';
import AgentLoansPage from './loans-page.tsx';

const nakato = { id: 'c1', name: 'Nakato Sarah', phone: '+256772123456', village: 'Kireka' };
const aLoan = (changes: Partial<AgentLoan> = {}): AgentLoan => ({ ...aSummary(), customer: nakato, ...changes });
const late = aLoan({
  id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  customer: { id: 'c2', name: 'Okello John', phone: null, village: null },
  daysPastDue: 9,
});

const { replies, reset } = listServer();

beforeEach(() => {
  reset({
    '/api/agent/loans?limit=25': { body: { items: [late, aLoan()], nextCursor: 'page-2' } },
    '/api/agent/loans?limit=25&cursor=page-2': {
      body: {
        items: [aLoan({ id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', productName: 'Solar lantern' })],
        nextCursor: null,
      },
    },
    '/api/agent/loans?inArrears=true&limit=25': { body: { items: [late], nextCursor: null } },
    '/api/agent/loans?status=completed&limit=25': { body: { items: [], nextCursor: null } },
  });
});

const renderPage = () => renderAgentPage('/agent/loans', { '/agent/loans': <AgentLoansPage /> });
const list = async () => within(await screen.findByRole('list', { name: "Your customers' loans" }));

describe("the agent's customers' loans", () => {
  it('lists them newest first, each naming the customer with a link to their page, and what is owed', async () => {
    const { container } = renderPage();
    const [john, sarah] = (await list()).getAllByRole('listitem');
    expect(document.title).toBe("Your customers' loans · EcoGrid");
    expect(screen.getByRole('status').textContent).toBe('2 loans shown');
    expect(within(john!).getByRole('link', { name: 'Okello John' }).getAttribute('href')).toBe('/agent/customers/c2');
    expect(within(john!).getByText('9 days late')).toBeTruthy();
    expect(john!.textContent).toContain('No phone number');
    expect(john!.textContent).toContain('SunKing Home 60 kit · LN-000007');
    expect(john!.textContent).toContain('Owes UGX 495,000 · next UGX 45,000 on Mar 9, 2026');
    expect(within(sarah!).getByRole('link', { name: 'Nakato Sarah' }).getAttribute('href')).toBe('/agent/customers/c1');
    expect(sarah!.textContent).toContain('0772 123456 · Kireka');
    expect(within(sarah!).getByText('On time')).toBeTruthy();
    await expectAccessible(container);
  });

  it('shows older loans on demand', async () => {
    renderPage();
    await list();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('3 loans shown'));
    expect((await list()).getByText(/Solar lantern/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows only the loans in arrears, or of one status, when asked', async () => {
    renderPage();
    await list();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'inArrears' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 loan shown'));
    expect((await list()).getByRole('link', { name: 'Okello John' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'completed' } });
    expect(await screen.findByText("None of your customers' loans matches this choice.")).toBeTruthy();
  });

  it('is read from the phone in a village without data, with the time it was fetched', async () => {
    localStorage.clear();
    const online = renderPage();
    const stopKeeping = keepOfflineCache(online.client, () => AGENT_ID);
    await list();
    // Leaving the page writes the copy at once.
    window.dispatchEvent(new Event('pagehide'));
    stopKeeping();
    online.unmount();

    onlineManager.setOnline(false);
    try {
      const offline = renderPage();
      act(() => restoreOfflineCache(offline.client, AGENT_ID));
      expect((await list()).getByRole('link', { name: 'Okello John' })).toBeTruthy();
      expect(screen.getByText(/^Last updated/)).toBeTruthy();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('says so when the agent has no customer with a loan yet', async () => {
    replies['/api/agent/loans?limit=25'] = { body: { items: [], nextCursor: null } };
    const { container } = renderPage();
    expect(await screen.findByText('None of your customers has a loan yet.')).toBeTruthy();
    await expectAccessible(container);
  });

  it('offers to try again when the loans cannot be fetched', async () => {
    await retryAfterFailure(
      replies,
      '/api/agent/loans?limit=25',
      { body: { items: [late], nextCursor: null } },
      renderPage,
    );
    expect((await list()).getByRole('link', { name: 'Okello John' })).toBeTruthy();
  });

  it('tells an account that is not an approved agent plainly', async () => {
    replies['/api/agent/loans?limit=25'] = {
      status: 403,
      body: { error: { code: 'forbidden', message: 'This is for approved agents only.' } },
    };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('not an approved agent account yet');
  });
});
