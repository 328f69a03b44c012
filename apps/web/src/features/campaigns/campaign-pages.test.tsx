// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign, CampaignPreview } from './api.ts';
import CampaignPage from './campaign-page.tsx';
import CampaignsPage from './campaigns-page.tsx';
import NewCampaignPage from './new-campaign-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const ID = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';
const LANTERN = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const admin = { id: 'u-admin', name: 'Achieng Grace', role: 'admin' as const };
const zero = { recipients: 0, queued: 0, sent: 0, delivered: 0, failed: 0, optedOut: 0, stored: 0 };

const draft: Campaign = {
  id: ID,
  name: 'Lantern week',
  status: 'draft',
  texts: { english: 'Lanterns 10% off this week.', luganda: 'Ttaala ku 10% wansi.', swahili: '' },
  segment: {
    districts: ['Gulu'],
    products: [{ id: LANTERN, name: 'Sun King Pico' }],
    loanStatuses: [],
    arrearsBuckets: [],
    agents: [],
  },
  createdBy: admin,
  createdAt: '2026-11-27T07:15:00.000Z',
  sentBy: null,
  sentAt: null,
  pricePerSms: null,
  cost: null,
  counts: zero,
};

const preview: CampaignPreview = {
  total: 4,
  recipients: 2,
  optedOut: 1,
  noPhone: 1,
  fallback: 1,
  byLanguage: [
    { language: 'english', recipients: 0, fallback: 0, encoding: 'gsm7', parts: 1, sms: 0, cost: 0 },
    { language: 'luganda', recipients: 1, fallback: 0, encoding: 'gsm7', parts: 1, sms: 1, cost: 35 },
    { language: 'swahili', recipients: 1, fallback: 1, encoding: 'gsm7', parts: 1, sms: 1, cost: 35 },
  ],
  pricePerSms: 35,
  sms: 2,
  cost: 70,
  people: {
    items: [
      {
        id: 'u1',
        name: 'Akello Ruth',
        district: 'Gulu',
        agentName: 'Okello James',
        language: 'luganda',
        state: 'will_send',
      },
      { id: 'u2', name: 'Baraka Juma', district: 'Gulu', agentName: null, language: 'swahili', state: 'will_send' },
      { id: 'u3', name: 'Chandiru Ann', district: 'Gulu', agentName: null, language: 'english', state: 'opted_out' },
      { id: 'u4', name: 'Draru Tom', district: 'Gulu', agentName: null, language: 'english', state: 'no_phone' },
    ],
    nextCursor: null,
  },
};

let campaign: Campaign;
const server = fakeServer(({ url, method }) => {
  if (method === 'GET' && url.startsWith('/api/admin/campaigns?'))
    return { body: { items: [campaign], nextCursor: null } };
  if (method === 'GET' && url === '/api/admin/campaigns/settings')
    return { body: { pricePerSms: 35, smsPerSecond: 10 } };
  if (method === 'PUT' && url === '/api/admin/campaigns/settings')
    return { body: { pricePerSms: 40, smsPerSecond: 10 } };
  if (method === 'GET' && url === '/api/admin/campaigns/choices')
    return {
      body: {
        districts: ['Gulu', 'Kampala', 'Wakiso'],
        products: [{ id: LANTERN, name: 'Sun King Pico' }],
        agents: [{ id: 'u-agent', name: 'Okello James' }],
      },
    };
  if (method === 'POST' && url === '/api/admin/campaigns') return { status: 201, body: draft };
  if (method === 'GET' && url === `/api/admin/campaigns/${ID}`) return { body: campaign };
  if (method === 'GET' && url === `/api/admin/campaigns/${ID}/preview`) return { body: preview };
  if (method === 'POST' && url === `/api/admin/campaigns/${ID}/send`) {
    campaign = { ...draft, status: 'sending', sentBy: admin, sentAt: draft.createdAt, pricePerSms: 35, cost: 0 };
    campaign.counts = { ...zero, recipients: 2, queued: 2 };
    return { status: 202, body: campaign };
  }
  return { status: 404, body: {} };
});

beforeEach(() => {
  toasts.length = 0;
  campaign = draft;
  server.start();
});

describe('the campaigns screens', () => {
  it('lists campaigns with their status and keeps the price and speed of sending', async () => {
    campaign = { ...draft, status: 'sent', counts: { ...zero, recipients: 5, sent: 4, delivered: 3, failed: 1 } };
    renderPage(CampaignsPage, '/admin/campaigns');
    const card = (await screen.findByRole('article', { name: 'Lantern week' })) as HTMLElement;
    expect(card.textContent).toContain('Sent');
    expect(within(card).getByText('Delivered').nextElementSibling?.textContent).toBe('3');
    expect(document.title).toBe('SMS campaigns · EcoGrid');
    const price = await screen.findByLabelText('Price of one SMS part (UGX)');
    fireEvent.change(price, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toEqual(['Campaign settings saved.']));
    expect(server.seen.find((r) => r.method === 'PUT')!.body).toEqual({ pricePerSms: 40, smsPerSecond: 10 });
    expect(await axeViolations()).toEqual([]);
  });

  it('writes a campaign with counted texts and a segment picked by name', async () => {
    renderPage(NewCampaignPage, '/admin/campaigns/new');
    const english = await screen.findByLabelText('English (required)');
    fireEvent.click(screen.getByRole('button', { name: 'Save and preview' }));
    expect(screen.getByText('Give the campaign a name.')).toBeTruthy();
    expect(screen.getByText(/Write the English text/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Campaign name'), { target: { value: 'Lantern week' } });
    fireEvent.change(english, { target: { value: 'a'.repeat(161) } });
    expect(screen.getByText('161 characters, 2 SMS parts (standard characters)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Luganda'), { target: { value: 'Ŋŋ' } });
    expect(screen.getByText('2 characters, 1 SMS part (special characters: fewer per part)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find a district'), { target: { value: 'gul' } });
    expect(screen.queryByLabelText('Kampala')).toBeNull();
    fireEvent.click(screen.getByLabelText('Gulu'));
    fireEvent.click(screen.getByLabelText('Sun King Pico'));
    fireEvent.click(screen.getByLabelText('30 to 59 days'));
    fireEvent.click(screen.getByLabelText('Okello James'));
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save and preview' }));
    await waitFor(() => expect(server.seen.some((r) => r.method === 'POST')).toBe(true));
    expect(server.seen.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'Lantern week',
      texts: { english: 'a'.repeat(161), luganda: 'Ŋŋ', swahili: '' },
      segment: {
        districts: ['Gulu'],
        productIds: [LANTERN],
        loanStatuses: [],
        arrearsBuckets: ['par30'],
        agentIds: ['u-agent'],
      },
    });
  });

  it('previews a draft by name and cost, and sends it after a confirmation', async () => {
    renderPage(CampaignPage, `/admin/campaigns/${ID}`, '/admin/campaigns/:id');
    expect(await screen.findByRole('heading', { name: 'Lantern week', level: 1 })).toBeTruthy();
    expect(screen.getByText('Gulu, Sun King Pico')).toBeTruthy();
    expect(screen.getByText('Empty: these customers get the English text.')).toBeTruthy();
    const who = await screen.findByRole('list', { name: 'Who' });
    expect(within(who).getByText('Akello Ruth').parentElement?.textContent).toContain('Okello James');
    expect(within(who).getByText('Chandiru Ann').parentElement?.textContent).toContain('Switched SMS off');
    expect(screen.getByText('1 customer gets the English text because their language has none.')).toBeTruthy();
    expect(screen.getByText('Total: 2 SMS parts, UGX 70')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('2 customers will get it, for about UGX 70.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(toasts).toEqual(['The campaign is on its way.']));
    expect(await screen.findByText('Counts refresh every few seconds while it sends.')).toBeTruthy();
    expect(screen.getByText('Waiting to go').nextElementSibling?.textContent).toBe('2');
  });

  it('says why when the campaign was already sent', async () => {
    renderPage(CampaignPage, `/admin/campaigns/${ID}`, '/admin/campaigns/:id');
    await screen.findByRole('list', { name: 'Who' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: 'campaign_not_draft',
              message: 'This campaign has already been sent; a campaign is sent once.',
            },
          },
          { status: 409 },
        ),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This campaign has already been sent; a campaign is sent once.',
    );
    expect(toasts).toEqual([]);
  });
});
