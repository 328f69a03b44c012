// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';
import { PaybillCard } from './paybill-card.tsx';

let paybillNumber: string | null = '123456';
const server = fakeServer(({ url }) =>
  url === '/api/mobile-money/networks'
    ? { body: { testMoney: false, paybillNumber, networks: [] } }
    : { status: 404, body: {} },
);
beforeEach(() => server.start());

const Card = () => <PaybillCard accountNumber="1000009" />;

describe("the customer's paybill card", () => {
  it('shows the account number and how to pay it on MTN and Airtel', async () => {
    paybillNumber = '123456';
    renderPage(Card, '/my-account');
    expect(screen.getByText('1000009')).toBeTruthy();
    expect(
      await screen.findByText(
        'MTN: dial *165#, choose Payments, then Pay bill. Business number 123456, account 1000009.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Airtel: dial \*185#/)).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('leaves out the steps while no business number is set', async () => {
    paybillNumber = null;
    renderPage(Card, '/my-account');
    expect(await screen.findByText(/Money paid to this account number goes to your wallet/)).toBeTruthy();
    expect(screen.queryByText(/\*165#/)).toBeNull();
  });
});
