// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { EmailConfirmationPage } from './email-pages.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/email-confirmation" element={<EmailConfirmationPage />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );

describe('the check-your-email page', () => {
  it('names the address the link went to, with a resend', () => {
    renderAt('/email-confirmation?email=nambi%40example.ug');
    expect(screen.getByText(/^We sent a link to nambi@example.ug\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy();
  });

  it('opened without an address, says what to do instead of "We sent a link to ."', () => {
    renderAt('/email-confirmation');
    expect(screen.queryByText(/We sent a link to/)).toBeNull();
    expect(screen.getByText(/^Open the link we emailed you/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth');
  });
});
