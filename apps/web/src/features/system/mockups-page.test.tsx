// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import lg from '@/locales/lg.json';
import sw from '@/locales/sw.json';
import MockupsPage from './mockups-page.tsx';

const server = fakeServer(() => ({ status: 404, body: {} }));
beforeEach(() => server.start());

describe('the mockups', () => {
  it('shows the components in English, Luganda and Kiswahili side by side, each column in its language', async () => {
    const { container } = renderPage(MockupsPage, '/mockups');
    const columns = await Promise.all(
      ['English', 'Luganda', 'Kiswahili'].map(async (name) =>
        (await screen.findByRole('heading', { level: 2, name })).closest('section')!,
      ),
    );
    expect(columns.map((c) => c.getAttribute('lang'))).toEqual(['en', 'lg', 'sw']);
    const [en, luganda, kiswahili] = columns.map((c) => within(c!));
    expect(en!.getByText('Paid')).toBeTruthy();
    expect(luganda!.getByText(lg.orders.status.paid)).toBeTruthy();
    expect(kiswahili!.getByText(sw.orders.status.paid)).toBeTruthy();
    expect(luganda!.getByRole('heading', { name: lg.admin.mockups.buttons })).toBeTruthy();
    expect(kiswahili!.getByLabelText(sw.admin.mockups.amount).getAttribute('aria-invalid')).toBe('true');
    expect(en!.getByRole('button', { name: 'Place order · UGX 175,000' })).toBeTruthy();
    await expectAccessible(container);
  });
});
