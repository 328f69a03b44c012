// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { addEnglish, i18n } from '@/lib/i18n.ts';
import agentStrings from '@/locales/en.agent.json';
import { fakeServer, type Reply } from '@/test/fake-server.ts';
import type { SaleQuote, SaleResult } from './api.ts';
import SellPage from './sell-page.tsx';

addEnglish(agentStrings);

const SARAH = '6f0c2d1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const SOLAR = '1c0c2d1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const PLAN = '2c0c2d1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const POINT = '3c0c2d1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const LOAN = '4c0c2d1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

const quote: SaleQuote = {
  lines: [
    {
      productId: SOLAR,
      name: 'Solar Home System 80W',
      quantity: 1,
      unitPrice: 1_000_000,
      mode: 'credit',
      lineTotal: 1_200_000,
      credit: {
        planId: PLAN,
        planName: '4 months',
        cashPrice: 1_000_000,
        creditPrice: 1_200_000,
        deposit: 300_000,
        instalment: 225_000,
        lastInstalment: 225_000,
        instalments: 4,
        frequency: 'monthly',
        costOfCredit: 200_000,
        depositDays: 30,
      },
    },
  ],
  cashSubtotal: 0,
  deliveryFee: 0,
  deposits: 300_000,
  costOfCredit: 200_000,
  waitingForApproval: 0,
  payNow: 300_000,
  total: 1_200_000,
};
const sold = {
  order: null,
  loans: [{ id: LOAN, number: 'LN-000042', productName: 'Solar Home System 80W' }],
  payments: [],
  amountsDue: [{ purpose: 'loan_repayment', loanId: LOAN, amount: 300_000 }],
} as unknown as SaleResult;

let saleReply: Reply;
const sales = `/api/agent/customers/${SARAH}/sales`;
const server = fakeServer(({ url, method }) => {
  if (url.startsWith('/api/catalog/products?')) {
    return {
      body: {
        items: [{ id: SOLAR, name: 'Solar Home System 80W', price: 1_000_000, loanEligible: true, stock: 3 }],
        nextCursor: null,
      },
    };
  }
  if (url === `/api/products/${SOLAR}/loan-plans`) return { body: { plans: [{ id: PLAN, name: '4 months' }] } };
  if (url === '/api/checkout/options') {
    return { body: { pickupPoints: [{ id: POINT, name: 'Gulu shop', district: 'Gulu', address: '', phone: null }] } };
  }
  if (url === `${sales}/quote` && method === 'POST') return { body: quote };
  if (url === `${sales}/terms` && method === 'POST') {
    return { status: 202, body: { expiresInMinutes: 10, quote, testModeCode: '482913' } };
  }
  if (url === sales && method === 'POST') return saleReply;
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  saleReply = { status: 201, body: sold };
  server.start();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/agent/customers/${SARAH}/sell`]}>
          <Routes>
            <Route path="/agent/customers/:customerId/sell" element={<SellPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, client };
}

/** axe's rules that jsdom can judge (it lays nothing out, so colours and sizes are left to the browser journeys). */
async function expectAccessible(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
}

async function buildSale() {
  fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'solar' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Add Solar Home System 80W' }));
  const pay = screen.getByLabelText('How the customer pays for Solar Home System 80W');
  await screen.findByRole('option', { name: 'On credit: 4 months' });
  fireEvent.change(pay, { target: { value: PLAN } });
  await screen.findByRole('option', { name: 'Gulu shop, Gulu' });
  fireEvent.change(screen.getByLabelText('Pickup point'), { target: { value: POINT } });
}

describe('selling for a customer', () => {
  it('reads out the quote, texts the terms, takes the code and leads to collecting the deposit in cash', async () => {
    const { container, client } = renderPage();
    // What the agent's screens had cached about the customer before the sale.
    client.setQueryData(['agent', 'customer', SARAH], { loans: [], orders: [] });
    expect(screen.getByRole('region', { name: 'Sell for the customer' })).toBeTruthy();
    expect(screen.queryByRole('main')).toBeNull();
    await buildSale();
    const income = screen.getByLabelText("The customer's monthly income, in UGX (optional)");
    fireEvent.change(income, { target: { value: 'about 300k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show the quote' }));
    expect(income.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Enter the monthly income as a whole number of shillings/)).toBeTruthy();
    expect(document.activeElement).toBe(income);
    expect(server.seen.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.change(income, { target: { value: '300,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show the quote' }));
    const read = await screen.findByRole('region', { name: 'Read this to the customer' });
    expect(read.textContent).toContain('4 monthly instalments of UGX 225,000, the last UGX 225,000');
    expect(read.textContent).toContain('Total cost of creditUGX 200,000');
    expect(read.textContent).toContain('The deposit gives 30 days of power, up to the first instalment.');
    expect(read.textContent).toContain('To pay nowUGX 300,000');
    await expectAccessible(container);

    fireEvent.click(screen.getByRole('button', { name: 'Text the terms to the customer' }));
    expect(await screen.findByText(/482913/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code the customer read out'), { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Cash to me' }));
    await expectAccessible(container);
    fireEvent.click(screen.getByRole('button', { name: 'Sell: UGX 300,000 to pay now' }));

    expect(await screen.findByRole('heading', { name: 'Sold' })).toBeTruthy();
    // Inside the app's own main landmark, the page is a region, not a second main.
    expect(screen.getByRole('region', { name: 'Sold' })).toBeTruthy();
    expect(screen.queryByRole('main')).toBeNull();
    // The customer's page, opened next to collect the cash, fetches their records again.
    expect(client.getQueryState(['agent', 'customer', SARAH])?.isInvalidated).toBe(true);
    const collect = screen.getByRole('link', { name: 'Collect UGX 300,000 in cash' });
    expect(collect.getAttribute('href')).toBe(`/agent/customers/${SARAH}?collect=${LOAN}&amount=300000`);
    const request = {
      lines: [{ productId: SOLAR, quantity: 1, planId: PLAN }],
      declaredIncome: 300_000,
      fulfilment: 'pickup',
      pickupPointId: POINT,
    };
    const posted = server.seen.filter((r) => r.method === 'POST');
    expect(posted.map((r) => r.url)).toEqual([`${sales}/quote`, `${sales}/terms`, sales]);
    expect(posted[0]!.body).toEqual(request);
    expect(posted[2]!.body).toEqual({ ...request, code: '482913', payment: { method: 'cash' } });
    expect(posted[2]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await expectAccessible(container);
  }, 30_000);

  it('says why the sale was refused, and asks for a new quote when the sale changes', async () => {
    saleReply = {
      status: 409,
      body: { error: { code: 'terms_changed', message: 'The sale changed after its terms were texted.' } },
    };
    renderPage();
    await buildSale();
    fireEvent.click(screen.getByRole('button', { name: 'Show the quote' }));
    await screen.findByRole('region', { name: 'Read this to the customer' });
    fireEvent.click(screen.getByRole('button', { name: 'Text the terms to the customer' }));
    fireEvent.change(await screen.findByLabelText('Code the customer read out'), { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sell: UGX 300,000 to pay now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The sale changed after its terms were texted.');

    fireEvent.change(screen.getByLabelText('How many Solar Home System 80W'), { target: { value: '2' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Read this to the customer' })).toBeNull());
    expect(screen.queryByLabelText('Code the customer read out')).toBeNull();
  });
});
