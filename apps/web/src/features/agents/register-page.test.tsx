// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAgentPage } from '@/test/agent-setup.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, type Reply } from '@/test/fake-server.ts';
import type { Lead, LeadRequest } from './field-api.ts';
import AgentRegisterPage from './register-page.tsx';

const LEAD = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const PLACES: Record<string, { id: string; name: string }[]> = {
  '/api/places/districts': [{ id: '2', name: 'Mukono' }],
  '/api/places/districts/2/sub-counties': [{ id: '21', name: 'Goma' }],
  '/api/places/sub-counties/21/villages': [{ id: '211', name: 'Seeta' }],
};
const aLead = (changes: Partial<Lead> = {}): Lead => ({
  id: LEAD,
  fullName: 'Nakato Sarah',
  phone: '+256772123456',
  district: 'Mukono',
  subCounty: 'Goma',
  village: 'Seeta',
  status: 'waiting_code',
  customerId: null,
  codeExpiresAt: '2099-03-02T07:25:00.000Z',
  recordedAt: '2026-03-02T07:15:00.000Z',
  ...changes,
});

let leadReply: Reply;
let confirmReply: Reply;
let leads: Lead[];

const server = fakeServer(({ url, method }) => {
  if (PLACES[url]) return { body: { items: PLACES[url] } };
  if (url === '/api/agent/leads' && method === 'POST') return leadReply;
  if (url === '/api/agent/leads' && method === 'GET') return { body: { items: leads } };
  if (url === `/api/agent/leads/${LEAD}/confirm`) return confirmReply;
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  localStorage.clear();
  leads = [];
  leadReply = { status: 201, body: aLead() };
  confirmReply = { body: aLead({ status: 'registered', customerId: 'c1' }) };
  server.start();
});

const renderPage = () =>
  renderAgentPage('/agent/register', {
    '/agent/register': <AgentRegisterPage />,
    '/agent/customers/:id': <h1>Customer page</h1>,
  });

async function fillIn() {
  fireEvent.change(screen.getByLabelText("Customer's full name"), { target: { value: 'Nakato Sarah' } });
  fireEvent.change(screen.getByLabelText("Customer's phone number"), { target: { value: '0772 123456' } });
  for (const [label, value] of [
    ['District', '2'],
    ['Sub-county', '21'],
    ['Village', '211'],
  ] as const) {
    const select = screen.getByLabelText(label);
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    await waitFor(() => expect(select.querySelector(`option[value="${value}"]`)).toBeTruthy());
    fireEvent.change(select, { target: { value } });
  }
  fireEvent.change(screen.getByLabelText('Language the customer prefers'), { target: { value: 'swahili' } });
}

const leadPosts = () => server.seen.filter((r) => r.method === 'POST' && r.url === '/api/agent/leads');

describe('registering a customer in the field', () => {
  it('says what is missing, on the fields', async () => {
    const { container } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Register the customer' }));
    expect(screen.getByText('Enter the customer’s full name')).toBeTruthy();
    expect(screen.getByText('Enter a Ugandan mobile number, like 0772 123456')).toBeTruthy();
    expect(screen.getByText("Choose the customer's village")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Customer's full name"));
    expect(leadPosts()).toHaveLength(0);
    expect(document.title).toBe('Register a customer · EcoGrid');
    await expectAccessible(container);
  });

  it('sends the customer with a key made on the phone, then asks for the code they read back', async () => {
    renderPage();
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Register the customer' }));
    await waitFor(() => expect(leadPosts()).toHaveLength(1));
    const body = leadPosts()[0]!.body as LeadRequest;
    expect(body).toMatchObject({
      fullName: 'Nakato Sarah',
      phoneNumber: '0772 123456',
      district: 'Mukono',
      subCounty: 'Goma',
      village: 'Seeta',
      preferredLanguage: 'swahili',
    });
    expect(body.nationalId).toBeUndefined();
    expect(leadPosts()[0]!.idempotencyKey).toBe(body.clientKey);

    expect(
      await screen.findByText('Ask Nakato Sarah to read back the code EcoGrid sent to their phone (0772 123456).'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Code from the customer's SMS"), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Nakato Sarah is registered, and you serve them.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Nakato Sarah' }).getAttribute('href')).toBe('/agent/customers/c1');
  });

  it('keeps the customer on the phone without a network, the code step waiting for it', async () => {
    leadReply = 'offline';
    renderPage();
    await fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Register the customer' }));
    expect(await screen.findByText(/Waiting to send/)).toBeTruthy();
    expect(screen.getByText(/Saved on the phone/)).toBeTruthy();
    expect(screen.queryByLabelText("Code from the customer's SMS")).toBeNull();
  });

  it("shows the server's reason for a wrong code", async () => {
    leads = [aLead()];
    confirmReply = { status: 422, body: { error: { code: 'code_expired', message: 'That code has expired.' } } };
    renderPage();
    expect(await screen.findByRole('heading', { name: "Waiting for the customer's code" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Code from the customer's SMS"), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code has expired.');
  });
});
