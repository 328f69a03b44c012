// @vitest-environment jsdom
import { KYC_CHECKS, KYC_MIN_AGE, type Kyc } from '@ecogrid/core/kyc';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n.ts';
import enKyc from '@/locales/en.kyc.json';
import { fakeServer } from '@/test/fake-server.ts';
import KycPage from './kyc-page.tsx';

const USER = '4f1c2b8e-0d6a-4c47-9d8e-2a1b3c4d5e6f';
const empty: Kyc = {
  userId: USER,
  status: 'pending',
  completion: 0,
  steps: { personal: false, address: false, identity: false, idDocument: false, selfie: false },
  personal: null,
  address: null,
  identity: null,
  documents: [],
  rejectionReason: null,
  submittedAt: null,
  reviewedAt: null,
  history: [],
};
const personal = { legalName: 'Sarah Nakato', dateOfBirth: '1990-04-12', gender: 'female' as const };
const withPersonal: Kyc = { ...empty, completion: 20, steps: { ...empty.steps, personal: true }, personal };

let current: Kyc = empty;
const server = fakeServer((request) => {
  if (request.url === '/api/kyc' && request.method === 'GET') return { body: current };
  if (request.url === '/api/kyc/personal') return { body: (current = withPersonal) };
  if (request.url === '/api/places/districts') return { body: { items: [{ id: '1', name: 'Kampala' }] } };
  return { status: 404, body: { error: { code: 'not_found', message: 'No such thing' } } };
});

/** What a field's aria-describedby reads out with it. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function renderPage(path = '/kyc') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <KycPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('/kyc', () => {
  it('opens the first step, checks it before sending, and moves on to the next once saved', async () => {
    current = empty;
    server.start();
    renderPage();
    expect(await screen.findByText('0% complete')).toBeTruthy();
    // Inside the app's own main landmark, the page is a region, not a second main.
    expect(screen.getByRole('region', { name: 'Verify your identity' })).toBeTruthy();
    expect(screen.queryByRole('main')).toBeNull();
    expect(within(screen.getByTestId('kyc-status')).getByText('Not submitted')).toBeTruthy();
    expect(screen.getByRole('button', { name: /1\. Personal details/ }).getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByRole('button', { name: 'Submit for checking' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(description(screen.getByLabelText('Full name'))).toMatch(/Enter your full name as it is on your ID/);
    expect(screen.getByText('Choose female or male, as on your ID')).toBeTruthy();
    expect(server.seen.filter((r) => r.method === 'PUT')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: personal.legalName } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: personal.dateOfBirth } });
    fireEvent.click(screen.getByRole('radio', { name: 'Female' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('20% complete')).toBeTruthy();
    expect(server.seen.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/kyc/personal', body: personal });
    expect(screen.getByRole('button', { name: /1\. Personal details/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: /2\. Address/ }).getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('option', { name: 'Kampala' })).toBeTruthy();
  });

  it("says the form checks through the strings, whose English is core's own words", () => {
    const english = enKyc.kyc.check as Record<string, string>;
    for (const [key, text] of Object.entries(KYC_CHECKS)) {
      expect(english[key]?.replace('{{age}}', String(KYC_MIN_AGE))).toBe(text);
    }
  });

  it('refuses a malformed NIN and a file of the wrong type without sending anything', async () => {
    current = empty;
    server.start();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /3\. ID number/ }));
    fireEvent.change(screen.getByLabelText('National ID Number (NIN)'), { target: { value: 'CM9001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(description(screen.getByLabelText('National ID Number (NIN)'))).toMatch(
      /14 letters and digits and starts with CM or CF/,
    );

    fireEvent.click(screen.getByRole('button', { name: /4\. Photo of your ID/ }));
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'id.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Take or choose a photo of your ID'), { target: { files: [gif] } });
    expect((await screen.findByRole('alert')).textContent).toContain('Choose a JPEG or PNG photo, or a PDF.');
    expect(server.seen.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('shows the reason for a rejection and offers to submit again', async () => {
    current = {
      ...empty,
      status: 'rejected',
      completion: 100,
      steps: { personal: true, address: true, identity: true, idDocument: true, selfie: true },
      rejectionReason: 'The ID photo is blurred.',
    };
    server.start();
    renderPage();
    expect(await screen.findByText('The ID photo is blurred.')).toBeTruthy();
    expect(screen.getByText('What to correct')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit again' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is read-only while being checked, and brings the customer back where credit sent them from', async () => {
    current = {
      ...withPersonal,
      status: 'submitted',
      completion: 100,
      steps: { personal: true, address: true, identity: true, idDocument: true, selfie: true },
      identity: { idType: 'national_id', idNumber: 'CM90012345678X' },
    };
    server.start();
    renderPage('/kyc?next=/cart');
    expect(await screen.findByText('Being checked')).toBeTruthy();
    expect(screen.getByText('Ugandan National ID: CM90012345678X')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go back to where you were' }).getAttribute('href')).toBe('/cart');
  });
});
