// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '@/test/axe.ts';
import { anAdminLoan, LOAN_ID } from '@/test/loan-fixtures.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import LoanPage from './loan-page.tsx';

let pausedUntil: string | null;
const server = fakeServer(({ url, method }) => {
  if (url === `/api/admin/loans/${LOAN_ID}` && method === 'GET') return { body: anAdminLoan() };
  if (url === `/api/admin/loans/${LOAN_ID}/schedule-changes`) return { body: { pausedUntil, changes: [] } };
  if (url === `/api/admin/loans/${LOAN_ID}/pause` && method === 'POST') {
    pausedUntil = '2026-03-19';
    return { body: anAdminLoan() };
  }
  if (url === `/api/admin/loans/${LOAN_ID}/resume` && method === 'POST') {
    pausedUntil = null;
    return { body: anAdminLoan() };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  pausedUntil = null;
  server.start();
});

describe('pausing a loan for a device fault', () => {
  it('pauses with the days and the reason, shows the pause, and ends it early', async () => {
    renderPage(LoanPage, `/admin/loans/${LOAN_ID}`, '/admin/loans/:id');
    const days = await screen.findByLabelText('Days to pause');
    fireEvent.change(days, { target: { value: '14' } });
    // The swap form on the same page has a reason of its own.
    const form = within(days.closest('form')!);
    fireEvent.change(form.getByLabelText('Reason'), { target: { value: 'Panel does not charge' } });
    await expectAccessible(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Pause the loan' }));
    await waitFor(() => expect(server.seen.some((r) => r.method === 'POST')).toBe(true));
    expect(server.seen.find((r) => r.method === 'POST')!.body).toEqual({ days: 14, reason: 'Panel does not charge' });
    expect(await screen.findByText('Paused until Mar 19, 2026.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'End the pause now' }));
    expect(await screen.findByRole('button', { name: 'Pause the loan' })).toBeTruthy();
  }, 30_000);
});
