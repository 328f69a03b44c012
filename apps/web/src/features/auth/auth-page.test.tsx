// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n } from '@/lib/i18n.ts';
import { AuthPage } from './auth-page.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Call = { path: string; body: Record<string, unknown> };

/** Answers the auth endpoints in turn and records what the page sent. */
function fakeServer(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.replace('/api/auth', '');
      calls.push({ path, body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
      const answer = answers[path] ?? { status: 404, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

function renderAt(path: string, client = new QueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/signup', element: <AuthPage /> },
      { path: '/cart', element: <p>Cart page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the sign-in and sign-up page', () => {
  it('says in words where sign-in leads back to, never a path with an id', () => {
    const id = 'afac97e0-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
    const client = new QueryClient();
    client.setQueryData(['catalog', 'product', id], { id, name: 'SunKing Home 60 kit' });
    renderAt(`/auth?redirect=${encodeURIComponent(`/product/${id}`)}`, client);
    expect(screen.getByTestId('auth-return-to').textContent).toBe(
      'After you sign in, you will go back to SunKing Home 60 kit.',
    );
    cleanup();
    renderAt(`/auth?redirect=${encodeURIComponent(`/product/${id}`)}`);
    expect(screen.getByTestId('auth-return-to').textContent).toBe(
      'After you sign in, you will go back to the product page.',
    );
    cleanup();
    renderAt(`/auth?redirect=${encodeURIComponent('/my-orders/7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f')}`);
    expect(screen.getByTestId('auth-return-to').textContent).toBe('After you sign in, you will go back to your order.');
    cleanup();
    renderAt('/auth?redirect=%2Fagent%2Fcustomers');
    expect(screen.getByTestId('auth-return-to').textContent).toBe(
      'After you sign in, you will go back to the page you were on.',
    );
  });

  it('signs up a phone number, asks for the SMS code, and lands on the remembered page', async () => {
    const calls = fakeServer({
      '/sign-up/phone': { status: 200, body: { phoneNumber: '+256772123456' } },
      '/phone-number/verify': { status: 200, body: { status: true, token: 'x' } },
      '/get-session': { status: 200, body: { user: { id: 'u1', name: 'Nambi', userType: 'customer' } } },
    });
    const router = renderAt('/signup?redirect=%2Fcart');
    fill('Full name', 'Nambi Grace');
    fill('Email or phone number', '0772 123456');
    fill('Password', 'mango tree beside the borehole');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('We texted a 6-digit code to +256772123456. Enter it to finish.')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      path: '/sign-up/phone',
      body: { phoneNumber: '0772 123456', fullName: 'Nambi Grace', userType: 'customer' },
    });
    expect(calls[0]?.body).not.toHaveProperty('email');
    // A server with an SMS provider (or in production) answers no code: no test-mode box.
    expect(screen.queryByText(/Test mode/)).toBeNull();

    fill('Code from the SMS', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(calls.find((c) => c.path === '/phone-number/verify')?.body).toEqual({
      phoneNumber: '+256772123456',
      code: '123456',
    });
  });

  it('asks for the second factor when the server says so, and shows a wrong code plainly', async () => {
    fakeServer({
      '/sign-in/email': { status: 200, body: { twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] } },
      '/two-factor/verify-totp': { status: 401, body: { code: 'INVALID_CODE', message: 'Invalid code' } },
    });
    renderAt('/auth');
    fill('Email or phone number', 'admin@example.ug');
    fill('Password', 'mango tree beside the borehole');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByLabelText('Code from your authenticator app')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Text me a code instead' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a backup code' })).toBeTruthy();
    fill('Code from your authenticator app', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not correct. Check it and try again.');
  });

  it('shows the code in a test-mode box when the server answers one, and the new one after a resend', async () => {
    fakeServer({
      '/sign-up/phone': { status: 200, body: { phoneNumber: '+256772123456', testModeCode: '654321' } },
      '/phone-number/send-otp': { status: 200, body: { message: 'code sent', testModeCode: '111222' } },
    });
    renderAt('/signup');
    fill('Full name', 'Nambi Grace');
    fill('Email or phone number', '0772 123456');
    fill('Password', 'mango tree beside the borehole');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const box = (await screen.findByText('Test mode: your code is 654321')).closest('[role="status"]');
    expect(box?.textContent).toContain('no text was sent');
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('Test mode: your code is 111222')).toBeTruthy();

    await act(() => changeLanguage('sw'));
    expect(await screen.findByText('Hali ya majaribio: msimbo wako ni 111222')).toBeTruthy();
    await act(() => changeLanguage('en'));
  });

  it("gives the spec's message when the email or phone, or the password, is missing", async () => {
    const calls = fakeServer({});
    renderAt('/auth');
    fill('Password', 'anything at all here');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You must provide either an email or phone number and a password',
    );
    expect(calls).toEqual([]);
  });
});
