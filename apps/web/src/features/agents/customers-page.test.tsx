// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '@/components/ui/toast.tsx';
import { addEnglish, i18n } from '@/lib/i18n.ts';
import agentStrings from '@/locales/en.agent.json';
import { fakeServer, type Reply } from '@/test/fake-server.ts';
import type { AgentCustomer } from './api.ts';
import AgentCustomersPage from './customers-page.tsx';

vi.mock('@/components/ui/toast.tsx', () => ({ showToast: vi.fn(async () => undefined) }));

addEnglish(agentStrings);

const SARAH = '6f0c2d1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const anAgentCustomer = (changes: Partial<AgentCustomer> = {}): AgentCustomer => ({
  customerId: SARAH,
  name: 'Nakato Sarah',
  phone: '+256772123456',
  kycStatus: 'pending',
  consentActive: true,
  consentExpiresAt: '2099-03-02T07:15:00.000Z',
  ...changes,
});

let customers: Reply;
let consentReply: Reply;
let confirmReply: Reply;

const server = fakeServer(({ url, method }) => {
  if (url === '/api/agent/customers' && method === 'GET') return customers;
  if (url === '/api/agent/customers/consent' && method === 'POST') return consentReply;
  if (url === '/api/agent/customers/consent/confirm' && method === 'POST') return confirmReply;
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  customers = { body: { items: [] } };
  consentReply = { status: 202, body: { customerId: SARAH, expiresInMinutes: 10 } };
  confirmReply = {
    body: { customerId: SARAH, fullName: 'Nakato Sarah', consentExpiresAt: '2099-03-03T07:15:00.000Z' },
  };
  vi.mocked(showToast).mockClear();
  server.start();
});

function KycStandIn() {
  const { customerId } = useParams();
  return <h1>KYC page of {customerId}</h1>;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/agent/customers']}>
          <Routes>
            <Route path="/agent/customers" element={<AgentCustomersPage />} />
            <Route path="/agent/customers/:customerId/kyc" element={<KycStandIn />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const posts = () => server.seen.filter((r) => r.method === 'POST');

/** Types the number, presses Send code, and waits for the code field. */
async function sendCode(phone = '0772 123456') {
  const form = within(
    (await screen.findByRole('heading', { name: 'Help a customer verify their identity' })).closest('section')!,
  );
  fireEvent.change(form.getByLabelText("Customer's phone number"), { target: { value: phone } });
  fireEvent.click(form.getByRole('button', { name: 'Send code' }));
  return form;
}

const enterCode = (code: string) => {
  fireEvent.change(screen.getByLabelText("Code from the customer's SMS"), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
};

describe("the agent's customers page", () => {
  it('sends a code: posts the number as typed, says what the customer gets, and asks for the code', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'My customers' })).toBeTruthy();
    expect(screen.getByText(/EcoGrid sends the customer an SMS with a 6-digit code/)).toBeTruthy();
    await sendCode();

    const code = (await screen.findByLabelText("Code from the customer's SMS")) as HTMLInputElement;
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');
    expect(posts()).toEqual([
      expect.objectContaining({ url: '/api/agent/customers/consent', body: { phoneNumber: '0772 123456' } }),
    ]);
    const sent = screen.getByText(/^We sent a code to/);
    expect(sent.getAttribute('role')).toBe('status');
    expect(sent.textContent).toBe(
      'We sent a code to 0772 123456. Ask the customer to read it to you. It works for 10 minutes.',
    );
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));
  });

  it('refuses a number that is not Ugandan without asking the server, and shows the server’s refusal', async () => {
    renderPage();
    const form = await sendCode('12345');
    const phone = form.getByLabelText("Customer's phone number");
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText('Enter a Ugandan mobile number, like 0772 123456')).toBeTruthy();
    expect(posts()).toEqual([]);

    consentReply = {
      status: 404,
      body: { error: { code: 'not_found', message: 'No customer has this phone number. Ask them to sign up first.' } },
    };
    await sendCode('0772 999888');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No customer has this phone number. Ask them to sign up first.',
    );
    expect(screen.queryByLabelText("Code from the customer's SMS")).toBeNull();
  });

  it("shows the server's message for a wrong code, and sends a new code for the same number", async () => {
    confirmReply = {
      status: 422,
      body: { error: { code: 'invalid_code', message: 'That code is not right. Ask the customer to read it again.' } },
    };
    renderPage();
    await sendCode();
    await screen.findByLabelText("Code from the customer's SMS");
    enterCode('123456');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Ask the customer to read it again.',
    );
    expect(posts()[1]).toEqual(
      expect.objectContaining({
        url: '/api/agent/customers/consent/confirm',
        body: { phoneNumber: '0772 123456', code: '123456' },
      }),
    );
    // Not retried behind the agent's back: each wrong try counts.
    expect(posts()).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: /KYC page/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]?.body).toEqual({ phoneNumber: '0772 123456' });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('asks for six digits before sending a code to be checked', async () => {
    renderPage();
    await sendCode();
    await screen.findByLabelText("Code from the customer's SMS");
    enterCode('12 34');
    expect(screen.getByText('Enter the 6-digit code')).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });

  it("confirms the right code: a toast, and on to the customer's identity check", async () => {
    renderPage();
    await sendCode();
    await screen.findByLabelText("Code from the customer's SMS");
    enterCode('482 913');
    expect(await screen.findByRole('heading', { name: `KYC page of ${SARAH}` })).toBeTruthy();
    expect(posts()[1]?.body).toEqual({ phoneNumber: '0772 123456', code: '482913' });
    expect(showToast).toHaveBeenCalledWith(
      'Nakato Sarah agreed. You can now complete their identity check.',
      expect.objectContaining({ kind: 'success' }),
    );
  });

  it('lists the customers served with their check status, and says when consent has expired', async () => {
    customers = {
      body: {
        items: [
          anAgentCustomer({ kycStatus: 'submitted' }),
          anAgentCustomer({
            customerId: 'c2',
            name: 'Okello John',
            phone: '+256701234567',
            kycStatus: 'rejected',
            consentActive: false,
            consentExpiresAt: '2026-03-01T07:15:00.000Z',
          }),
        ],
      },
    };
    renderPage();
    const list = await screen.findByRole('list', { name: 'Customers you serve' });
    const [sarah, john] = within(list).getAllByRole('listitem');
    expect(screen.getByText('2 customers')).toBeTruthy();

    expect(within(sarah!).getByRole('heading', { name: 'Nakato Sarah' })).toBeTruthy();
    expect(sarah!.textContent).toContain('0772 123456');
    expect(sarah!.textContent).toContain('Identity check:Being checked');
    expect(sarah!.textContent).toContain('Consent active until');
    expect(within(sarah!).getByText(/2099/).tagName).toBe('TIME');
    const link = within(sarah!).getByRole('link', { name: 'Continue identity check' });
    expect(link.getAttribute('href')).toBe(`/agent/customers/${SARAH}/kyc`);

    expect(john!.textContent).toContain('0701 234567');
    expect(john!.textContent).toContain('Needs changes');
    expect(within(john!).getByText('Consent expired — send a new code')).toBeTruthy();
    expect(within(john!).queryByRole('link', { name: 'Continue identity check' })).toBeNull();
    // Each name opens the customer's page.
    expect(within(john!).getByRole('link', { name: 'Okello John' }).getAttribute('href')).toBe('/agent/customers/c2');

    // Send a new code puts their number in the form.
    fireEvent.click(within(john!).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() =>
      expect((screen.getByLabelText("Customer's phone number") as HTMLInputElement).value).toBe('0701 234567'),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Customer's phone number")));
  });

  it('says when there are no customers yet', async () => {
    renderPage();
    expect((await screen.findByText(/You have not helped any customers yet/)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('list', { name: 'Customers you serve' })).toBeNull();
  });

  it('shows the error with a retry when the list fails', async () => {
    customers = { status: 500, body: { error: { code: 'internal', message: 'Something broke on our side.' } } };
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Something broke on our side.');
    customers = { body: { items: [anAgentCustomer()] } };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nakato Sarah' })).toBeTruthy();
  });

  it('tells an account that is not an approved agent plainly, without the form', async () => {
    customers = { status: 403, body: { error: { code: 'forbidden', message: 'This is for approved agents only.' } } };
    renderPage();
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'For approved agents only' })).toBeTruthy();
    expect(notice.textContent).toContain('Your account is not an approved agent account yet');
    expect(screen.queryByLabelText("Customer's phone number")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says the same when sending a code is refused with 403', async () => {
    consentReply = {
      status: 403,
      body: { error: { code: 'forbidden', message: 'This is for approved agents only.' } },
    };
    renderPage();
    await sendCode();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your account is not an approved agent account yet',
    );
  });
});
