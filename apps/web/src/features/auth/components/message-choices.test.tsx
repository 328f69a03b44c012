// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { MessageChoices, type MessageProfile } from './message-choices.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const phoneOnly: MessageProfile = {
  email: null,
  emailVerified: false,
  phoneNumber: '+256772000001',
  phoneVerified: true,
  notifyBySms: true,
  notifyByEmail: true,
};
const KEY = ['me'];

function Harness() {
  const profile = useQuery({ queryKey: KEY, queryFn: () => Promise.resolve(phoneOnly), staleTime: Infinity });
  return profile.data ? <MessageChoices profile={profile.data} queryKey={KEY} /> : null;
}

function renderChoices(reply: (body: Record<string, unknown>) => { status: number; body: unknown }) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      sent.push(body);
      const answer = reply(body);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <Harness />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return sent;
}

describe('message choices', () => {
  it('saves a box as it is ticked and says so', async () => {
    const sent = renderChoices((body) => ({ status: 200, body: { ...phoneOnly, ...body } }));
    const sms = (await screen.findByRole('checkbox', { name: 'Also send updates by SMS' })) as HTMLInputElement;
    expect(sms.checked).toBe(true);
    fireEvent.click(sms);
    expect(await screen.findByText('Your choice is saved.')).toBeTruthy();
    expect(sent).toEqual([{ notifyBySms: false }]);
    expect(sms.checked).toBe(false);
  });

  it('explains why no email is sent to an account without a confirmed address', async () => {
    renderChoices(() => ({ status: 200, body: phoneOnly }));
    const email = await screen.findByRole('checkbox', { name: 'Also send updates by email' });
    const hint = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/no confirmed email address/);
    expect(screen.getByRole('group', { name: 'Messages outside the app' })).toBeTruthy();
  });

  it('keeps the saved choice on screen when saving fails', async () => {
    renderChoices(() => ({ status: 500, body: { error: { code: 'profile_update_failed', message: 'Failed' } } }));
    const sms = (await screen.findByRole('checkbox', { name: 'Also send updates by SMS' })) as HTMLInputElement;
    fireEvent.click(sms);
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(sms.checked).toBe(true);
  });
});
