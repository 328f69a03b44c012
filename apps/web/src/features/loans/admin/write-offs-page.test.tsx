// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { errorOf, fakeServer, renderPage } from '@/test/admin-setup.tsx';
import type { WriteOffCandidate, WriteOffPreview } from './write-offs-api.ts';
import WriteOffsPage from './write-offs-page.tsx';

const aCandidate = (n: number, owed: number): WriteOffCandidate => ({
  id: `7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c${String(n).padStart(2, '0')}`,
  number: `LN-0000${String(n).padStart(2, '0')}`,
  customerName: `Customer ${n}`,
  productName: 'Sun King Home 60',
  defaultedAt: '2026-06-01T08:00:00.000Z',
  daysSinceDefault: 179,
  owed,
});

let preview: WriteOffPreview;
let postReply: { status?: number; body: unknown };
const server = fakeServer(({ url, method }) => {
  if (url === '/api/admin/loans/write-off-preview') return { body: preview };
  if (method === 'POST' && url === '/api/admin/loans/write-offs') return postReply;
  return { status: 404, body: {} };
});

beforeEach(() => {
  const loans = [aCandidate(1, 600_000), aCandidate(2, 250_000)];
  preview = { writeOffAfterDays: 180, policyVersion: 2, loans, count: 2, totalOwed: 850_000 };
  postReply = { body: { writtenOff: 2, totalWrittenOff: 850_000, skipped: [] } };
  server.start();
});

const posts = () => server.seen.filter((r) => r.method === 'POST');

describe('the write-offs page', () => {
  it(
    'lists the loans that qualify with their customer, product, days in default and amount, and the total',
    async () => {
      const { container } = renderPage(WriteOffsPage, '/admin/write-offs');
      expect(
        await screen.findByText('2 loans qualify (in default at least 180 days), UGX 850,000 owed in all.'),
      ).toBeTruthy();
      const first = screen.getByRole('checkbox', { name: /Customer 1 · LN-000001/ });
      expect(first.closest('label')!.textContent).toContain(
        'Sun King Home 60 · in default 179 days · UGX 600,000 owed',
      );
      await expectAccessible(container);
    },
    AXE_TIMEOUT_MS,
  );

  it(
    'says what is missing before asking: loans to write off, then a reason',
    async () => {
      const { container } = renderPage(WriteOffsPage, '/admin/write-offs');
      const button = await screen.findByRole('button', { name: 'Write off the chosen loans' });
      fireEvent.click(button);
      expect(screen.getByRole('alert').textContent).toBe('Choose the loans to write off.');
      fireEvent.click(screen.getByRole('checkbox', { name: /Customer 2/ }));
      expect(screen.getByText('1 loan chosen, UGX 250,000')).toBeTruthy();
      fireEvent.click(button);
      expect(errorOf(screen.getByLabelText('Reason'))).toBe('Say why the loans are written off (3 to 300 characters).');
      expect(screen.queryByRole('dialog')).toBeNull();
      await expectAccessible(container);
      expect(posts()).toEqual([]);
    },
    AXE_TIMEOUT_MS,
  );

  it('confirms the count and total, posts with a key, and shows the result', async () => {
    renderPage(WriteOffsPage, '/admin/write-offs');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choose all 2 loans' }));
    expect(screen.getByText('2 loans chosen, UGX 850,000')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'No payment for six months' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write off the chosen loans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off these loans?' });
    expect(dialog.textContent).toContain(
      '2 loans, UGX 850,000 in all, will be written off to bad debt. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await screen.findByText('2 loans written off, UGX 850,000 in all.')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toEqual({
      loanIds: [aCandidate(1, 0).id, aCandidate(2, 0).id],
      reason: 'No payment for six months',
    });
    expect(posts()[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says a write-off above the four-eyes amount waits for a second staff member', async () => {
    postReply = { status: 202, body: { approval: { id: 'a-1', amount: 850_000 } } };
    renderPage(WriteOffsPage, '/admin/write-offs');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choose all 2 loans' }));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'No payment for six months' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write off the chosen loans' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off these loans?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(
      await screen.findByText(
        'Writing off these loans (UGX 850,000) waits for a second staff member to approve it under Approvals. Nothing moved yet.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/written off, UGX/)).toBeNull();
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    postReply = {
      status: 400,
      body: { error: { code: 'validation_error', message: 'Say why the loan is written off' } },
    };
    renderPage(WriteOffsPage, '/admin/write-offs');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Customer 1/ }));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Gone away' } });
    fireEvent.click(screen.getByRole('button', { name: 'Write off the chosen loans' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Say why the loan is written off');
  });

  it('says so when no loan qualifies', async () => {
    preview = { ...preview, loans: [], count: 0, totalOwed: 0 };
    renderPage(WriteOffsPage, '/admin/write-offs');
    expect(await screen.findByText('0 loans qualify (in default at least 180 days), UGX 0 owed in all.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Write off the chosen loans' })).toBeNull());
  });
});
