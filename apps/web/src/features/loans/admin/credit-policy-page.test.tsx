// @vitest-environment jsdom
import { DEFAULT_CREDIT_POLICY, type AdminCreditPolicy } from '@ecogrid/core/credit-policy';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '@/components/ui/toast.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { errorOf, fakeServer, renderPage } from '@/test/admin-setup.tsx';
import CreditPolicyPage from './credit-policy-page.tsx';

vi.mock('@/components/ui/toast.tsx', () => ({ showToast: vi.fn(async () => {}) }));

const versionOne: AdminCreditPolicy = {
  version: 1,
  rules: { ...DEFAULT_CREDIT_POLICY, openLoanLimit: 3 },
  note: 'Returning customers may hold three',
  createdBy: 'u-admin',
  createdByName: 'Okello James',
  createdAt: '2026-03-02T07:15:00.000Z',
};

let inForce: AdminCreditPolicy;
let saved: AdminCreditPolicy[];
let saveReply: { status: number; body: unknown } | null;
const server = fakeServer(({ url, method, body }) => {
  if (url === '/api/admin/credit-policy' && method === 'GET') return { body: inForce };
  if (url.startsWith('/api/admin/credit-policy/versions')) return { body: { items: saved, nextCursor: null } };
  if (url === '/api/admin/credit-policy' && method === 'PUT') {
    if (saveReply) return saveReply;
    const input = body as { rules: AdminCreditPolicy['rules']; note: string };
    inForce = { ...versionOne, version: inForce.version + 1, ...input, createdByName: 'Nakato Sarah' };
    saved = [inForce, ...saved];
    return { body: inForce };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  inForce = versionOne;
  saved = [versionOne];
  saveReply = null;
  vi.mocked(showToast).mockClear();
  server.start();
});

const field = (name: string) => screen.getByLabelText(name);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const puts = () => server.seen.filter((r) => r.method === 'PUT');

describe('the credit policy page', () => {
  it('shows the version in force, who saved it and why, and the versions with what each changed', async () => {
    const { container } = renderPage(CreditPolicyPage, '/admin/credit-policy');
    expect(await screen.findByRole('heading', { name: 'Credit policy', level: 1 })).toBeTruthy();
    const inForcePart = (await screen.findByRole('heading', { name: 'In force' })).closest('section')!;
    expect(inForcePart.textContent).toContain('Version 1');
    expect(inForcePart.textContent).toContain('Saved byOkello James');
    expect(inForcePart.textContent).toContain('Why it changedReturning customers may hold three');
    expect((field('Most loans open at once') as HTMLInputElement).value).toBe('3');
    expect((field("Instalments' largest share of monthly income (%)") as HTMLInputElement).value).toBe('30');
    expect((field('Reminder days') as HTMLInputElement).value).toBe('-3, 0, 3, 7, 14');
    expect((field('A loan in arrears') as HTMLSelectElement).value).toBe('review');
    const versions = await screen.findByRole('list', { name: 'Earlier versions' });
    expect(within(versions).getByText('Changed: Most loans open at once')).toBeTruthy();
    await expectAccessible(container);
  }, 20_000);

  it('saves every rule as the next version, in basis points, and shows it in force', async () => {
    renderPage(CreditPolicyPage, '/admin/credit-policy');
    await screen.findByLabelText('Most loans open at once');
    type("Instalments' largest share of monthly income (%)", '25.5');
    fireEvent.change(field('No monthly income declared'), { target: { value: 'review' } });
    type('Reminder days', '-2, 0, 5');
    fireEvent.click(screen.getByRole('checkbox', { name: /Charge a one-off fee/ }));
    type('Late fee (UGX)', '5,000');
    type('Days late before the fee', '10');
    type('Why the policy changes (kept with the version)', 'Ask about income');
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({
      rules: {
        ...versionOne.rules,
        maxInstalmentShareBp: 2_550,
        outcomes: { ...versionOne.rules.outcomes, no_income: 'review' },
        reminderDays: [-2, 0, 5],
        lateFee: { amount: 5_000, afterDays: 10 },
      },
      note: 'Ask about income',
    });
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('Version 2 of the credit policy is in force.', { kind: 'success' }),
    );
    const inForcePart = screen.getByRole('heading', { name: 'In force' }).closest('section')!;
    expect(inForcePart.textContent).toContain('Version 2');
    expect(inForcePart.textContent).toContain('Saved byNakato Sarah');
    const versions = screen.getByRole('list', { name: 'Earlier versions' });
    await waitFor(() =>
      expect(versions.textContent).toContain(
        "Changed: Instalments' largest share of monthly income (%), Outcomes, Reminder days, Late fee",
      ),
    );
  });

  it('shows the rule beside each refused field and sends nothing', async () => {
    const { container } = renderPage(CreditPolicyPage, '/admin/credit-policy');
    await screen.findByLabelText('Most loans open at once');
    type('Most loans open at once', '0');
    type('Days past due before default', 'soon');
    type('Reminder days', '3, 3');
    type("Instalments' largest share of monthly income (%)", '101');
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Check 5 fields.');
    expect(errorOf(field('Most loans open at once'))).toBe('At least 1.');
    expect(errorOf(field('Days past due before default'))).toBe('Enter a whole number.');
    expect(errorOf(field('Reminder days'))).toBe('A reminder day is listed twice.');
    expect(errorOf(field("Instalments' largest share of monthly income (%)"))).toBe('At most 100.');
    expect(errorOf(field('Why the policy changes (kept with the version)'))).toBe('Say why the policy changes.');
    expect(document.activeElement).toBe(field('Most loans open at once'));
    expect(puts()).toHaveLength(0);
    await expectAccessible(container);
  }, 20_000);

  it('says so when another admin saved meanwhile, and shows the policy in force again', async () => {
    renderPage(CreditPolicyPage, '/admin/credit-policy');
    await screen.findByLabelText('Most loans open at once');
    saveReply = { status: 409, body: { error: { code: 'policy_changed', message: 'Someone saved.' } } };
    inForce = { ...versionOne, version: 2, createdByName: 'Achieng Grace' };
    type('Why the policy changes (kept with the version)', 'Tighter');
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText(/Another admin saved the policy meanwhile/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Achieng Grace')).toBeTruthy());
  });
});
