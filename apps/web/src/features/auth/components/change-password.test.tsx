// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { ChangePasswordForm } from './change-password.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Call = { path: string; body: Record<string, unknown> };

/** Answers /api/auth/change-password with `answer` and records what the form sent. */
function fakeServer(answer: { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.replace('/api/auth', '');
      calls.push({ path, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
      if (path === '/change-password') return new Response(JSON.stringify(answer.body), { status: answer.status });
      return new Response(JSON.stringify({ user: { id: 'u1' }, session: { id: 'fresh' } }), { status: 200 });
    }),
  );
  return calls;
}

function renderForm(onChanged = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <ChangePasswordForm onChanged={onChanged} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onChanged;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

describe('the change-password form', () => {
  it('sends the current and new password, asks for the other devices to be signed out, and says so', async () => {
    const calls = fakeServer({ status: 200, body: { token: 'new', user: { id: 'u1' } } });
    const onChanged = renderForm();
    fill('Current password', 'mango tree beside the borehole');
    fill('New password', 'kettle whistles over charcoal');
    submit();
    expect((await screen.findByRole('status')).textContent).toContain('Your other devices are signed out');
    expect(calls[0]).toEqual({
      path: '/change-password',
      body: {
        currentPassword: 'mango tree beside the borehole',
        newPassword: 'kettle whistles over charcoal',
        revokeOtherSessions: true,
      },
    });
    // This device's session was replaced: the app asks for it again.
    expect(calls.some((c) => c.path === '/get-session')).toBe(true);
    expect(onChanged).toHaveBeenCalled();
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('says when the current password is wrong', async () => {
    fakeServer({ status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } });
    renderForm();
    fill('Current password', 'not it');
    fill('New password', 'kettle whistles over charcoal');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('The password is not correct.');
  });

  it("shows the server's reason for a weak new password, as at sign-up", async () => {
    fakeServer({ status: 400, body: { code: 'WEAK_PASSWORD', message: 'This password is too easy to guess.' } });
    const onChanged = renderForm();
    fill('Current password', 'mango tree beside the borehole');
    fill('New password', 'password123');
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain('This password is too easy to guess.');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
