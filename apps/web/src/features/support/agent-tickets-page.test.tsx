// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addEnglish } from '@/lib/i18n.ts';
import supportStrings from '@/locales/en.support.json';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import AgentTicketsPage from './agent-tickets-page.tsx';
import { aTicketSummary } from './test-fixtures.ts';

addEnglish(supportStrings);

let items: ReturnType<typeof aTicketSummary>[] = [];
const server = fakeServer(({ url }) =>
  url === '/api/agent/support/tickets' ? { body: { items } } : { status: 404, body: {} },
);

beforeEach(() => {
  items = [
    aTicketSummary(),
    aTicketSummary({
      id: '4a3b2c1d-0e9f-4876-9543-21fedcba9877',
      subject: 'Order not here',
      customer: { id: 'u-okello', name: 'Okello James' },
    }),
  ];
  server.start();
});

describe("an agent's customers' tickets", () => {
  it(
    'lists each ticket with whose it is, linking to the agent’s ticket page',
    async () => {
      renderPage(AgentTicketsPage, '/agent/support');
      const list = await screen.findByRole('list', { name: "Your customers' support tickets" });
      expect(within(list).getByText('Nakato Sarah')).toBeTruthy();
      expect(within(list).getByText('Okello James')).toBeTruthy();
      expect(within(list).getByRole('link', { name: 'Order not here' }).getAttribute('href')).toBe(
        '/agent/support/4a3b2c1d-0e9f-4876-9543-21fedcba9877',
      );
      expect(document.title).toContain("Your customers' support tickets");
      await expectAccessible(document.body);
    },
    AXE_TIMEOUT_MS,
  );

  it('says when no customer has a ticket', async () => {
    items = [];
    renderPage(AgentTicketsPage, '/agent/support');
    expect(await screen.findByText('None of your customers has a support ticket.')).toBeTruthy();
  });
});
