// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Device, DeviceToken } from './devices-api.ts';
import DevicesPage from './devices-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

const LOAN_ID = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';
const HOME_60 = '7e1d2c3b-4a5f-4e6d-8c7b-6a5f4e3d2c1b';
const home60 = { id: HOME_60, sku: 'SHS-SKH-60', name: 'Sun King Home 60' };
const aDevice = (changes: Partial<Device> = {}): Device => ({
  id: 'd1',
  serialNumber: 'SK60-000123',
  productId: HOME_60,
  product: home60,
  startingCode: 516959010,
  tokenCount: 4,
  timeDivider: 1,
  restrictedDigitSet: false,
  status: 'assigned',
  loanId: LOAN_ID,
  locationId: null,
  locationName: null,
  deliveredAt: '2026-03-02T07:00:00.000Z',
  warrantyUntil: '2028-03-02',
  createdAt: '2026-03-01T07:00:00.000Z',
  updatedAt: '2026-03-02T07:00:00.000Z',
  ...changes,
});
const inStock = aDevice({
  id: 'd2',
  serialNumber: 'SK60-000124',
  status: 'in_stock',
  loanId: null,
  tokenCount: 0,
  locationId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  locationName: 'Mbale shop',
});
const unlocked = aDevice({ id: 'd3', serialNumber: 'SK60-000125', status: 'unlocked', restrictedDigitSet: true });
const token: DeviceToken = {
  count: 4,
  type: 'ADD_TIME',
  days: 30,
  token: '588224011',
  reference: 'loan:abc',
  createdAt: '2026-03-02T07:00:00.000Z',
};

let importReply: { status: number; body: unknown };
let issueReply: { status: number; body: unknown };
const server = fakeServer(({ url, method }) => {
  if (url === '/api/admin/devices/import' && method === 'POST') return importReply;
  if (url === '/api/admin/devices/d2/tokens' && method === 'POST') return issueReply;
  if (url.endsWith('/tokens')) return { body: { items: url.includes('/d1/') ? [token] : [] } };
  if (url === '/api/admin/devices/products') return { body: { items: [{ ...home60, total: 3, inStock: 1 }] } };
  if (url.startsWith('/api/admin/devices?')) {
    return { body: { items: url.includes('serial=') ? [inStock] : [aDevice(), inStock, unlocked], nextCursor: null } };
  }
  return { status: 404, body: {} };
});

beforeEach(() => {
  importReply = { status: 201, body: { imported: 2 } };
  issueReply = {
    status: 201,
    body: { deviceId: 'd2', count: 2, type: 'ADD_TIME', days: 3, token: '131111431113232' },
  };
  server.start();
});

const listRequests = () => server.seen.map((r) => r.url).filter((url) => url.startsWith('/api/admin/devices?'));
const chooseFile = (text: string, name = 'devices.csv') =>
  fireEvent.change(screen.getByLabelText("Manufacturer's file (CSV)"), {
    target: { files: [new File([text], name, { type: 'text/csv' })] },
  });

describe('the device registry', () => {
  it('lists devices with their status and count, links the loan, and finds one by the start of its serial number', async () => {
    renderPage(DevicesPage, '/admin/devices');
    const onLoan = await screen.findByRole('article', { name: 'SK60-000123' });
    expect(onLoan.textContent).toContain('On a loan');
    expect(onLoan.textContent).toContain('Token count 4');
    expect(onLoan.textContent).toContain('Under warranty until Mar 2, 2028');
    expect(onLoan.textContent).toContain('Sun King Home 60 SHS-SKH-60');
    expect(onLoan.textContent).toContain('With its customer');
    expect(within(onLoan).getByRole('link', { name: 'Open the loan' }).getAttribute('href')).toBe(
      `/admin/loans/${LOAN_ID}`,
    );
    const stock = screen.getByRole('article', { name: 'SK60-000124' });
    expect(stock.textContent).toContain('In stock');
    expect(stock.textContent).toContain('At Mbale shop');
    expect(within(stock).queryByRole('link')).toBeNull();
    expect(screen.getByRole('article', { name: 'SK60-000125' }).textContent).toContain('4-key pad');

    const search = screen.getByLabelText('Serial number');
    fireEvent.change(search, { target: { value: 'sk60%' } });
    expect(await screen.findByText('A serial number is letters, digits and dashes.')).toBeTruthy();
    expect(search.getAttribute('aria-invalid')).toBe('true');
    expect(listRequests().some((url) => url.includes('serial='))).toBe(false);

    fireEvent.change(search, { target: { value: 'sk60-000124' } });
    await waitFor(() => expect(listRequests()).toContain('/api/admin/devices?serial=sk60-000124&limit=25'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'SK60-000123' })).toBeNull());
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'in_stock' } });
    await waitFor(() =>
      expect(listRequests()).toContain('/api/admin/devices?serial=sk60-000124&status=in_stock&limit=25'),
    );
  });

  it('filters by the products devices are registered for, each with its units in stock', async () => {
    renderPage(DevicesPage, '/admin/devices');
    await screen.findByRole('option', { name: 'Sun King Home 60 (SHS-SKH-60), 1 in stock' });
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: HOME_60 } });
    await waitFor(() => expect(listRequests()).toContain(`/api/admin/devices?productId=${HOME_60}&limit=25`));
  });

  it('lists every bad line of a refused file', async () => {
    const problems = [
      'line 3: starting_code: at most 9 digits',
      'line 7: no product has the SKU LAN-NOPE',
      'line 12: SK60-000124 is already registered',
    ];
    importReply = {
      status: 422,
      body: { error: { code: 'bad_csv', message: `Nothing was imported. ${problems.join('; ')}.`, problems } },
    };
    renderPage(DevicesPage, '/admin/devices');
    await screen.findByRole('article', { name: 'SK60-000123' });
    chooseFile('serial,sku,starting_code,secret_key\nA-0001,LAN-NOPE,1,x\n');
    fireEvent.click(screen.getByRole('button', { name: 'Import devices' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nothing was imported. 3 problems to fix in the file:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(problems);
  });

  it('imports a CSV file as it is, says how many devices came in, and shows the list again', async () => {
    renderPage(DevicesPage, '/admin/devices');
    await screen.findByRole('article', { name: 'SK60-000123' });
    fireEvent.click(screen.getByRole('button', { name: 'Import devices' }));
    expect(await screen.findByText('Choose a CSV file first.')).toBeTruthy();
    expect(server.seen.some((r) => r.method === 'POST')).toBe(false);

    const csv = 'serial_number,starting_code,secret_key\nSK60-000126,1,bc41ec9530f6dac86b1a29ab82edc5fb\n';
    chooseFile(csv);
    expect(screen.queryByText('Choose a CSV file first.')).toBeNull();
    const before = listRequests().length;
    fireEvent.click(screen.getByRole('button', { name: 'Import devices' }));
    expect(await screen.findByText('2 devices imported.')).toBeTruthy();
    const sent = server.seen.find((r) => r.method === 'POST');
    expect(sent).toMatchObject({ url: '/api/admin/devices/import', body: csv });
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(before));
  });

  it("shows the server's reasons when it refuses a file, and refuses a file over 2 MB without sending it", async () => {
    importReply = {
      status: 422,
      body: {
        error: {
          code: 'bad_csv',
          message: 'Nothing was imported. line 3: secret_key: 32 hexadecimal characters.',
        },
      },
    };
    renderPage(DevicesPage, '/admin/devices');
    await screen.findByRole('article', { name: 'SK60-000123' });
    chooseFile('serial_number,starting_code,secret_key\nA-0001,1,x\n');
    fireEvent.click(screen.getByRole('button', { name: 'Import devices' }));
    expect(
      await screen.findByText('Nothing was imported. line 3: secret_key: 32 hexadecimal characters.'),
    ).toBeTruthy();
    expect(screen.queryByText(/devices? imported/)).toBeNull();

    const posts = () => server.seen.filter((r) => r.method === 'POST').length;
    const sentBefore = posts();
    chooseFile('x'.repeat(2 * 1024 * 1024 + 1), 'huge.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Import devices' }));
    expect(await screen.findByText('The file is larger than 2 MB. Split it into smaller files.')).toBeTruthy();
    expect(posts()).toBe(sentBefore);
  });

  it('shows a device’s tokens on request, and issues one by hand with a reason and an Idempotency-Key', async () => {
    renderPage(DevicesPage, '/admin/devices');
    const onLoan = await screen.findByRole('article', { name: 'SK60-000123' });
    const show = within(onLoan).getByRole('button', { name: 'Tokens' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    expect(await within(onLoan).findByText('588224011')).toBeTruthy();
    expect(onLoan.textContent).toContain('Adds days · 30 days · count 4');
    expect(within(onLoan).getByRole('button', { name: 'Hide tokens' }).getAttribute('aria-expanded')).toBe('true');

    const device = screen.getByRole('article', { name: 'SK60-000124' });
    fireEvent.click(within(device).getByRole('button', { name: 'Tokens' }));
    expect(await within(device).findByText('No tokens issued yet.')).toBeTruthy();
    fireEvent.click(within(device).getByRole('button', { name: 'Issue token' }));
    expect(await within(device).findByText('Enter whole days from 0 to 995.')).toBeTruthy();
    expect(within(device).getByText('Give a reason of at least 5 characters.')).toBeTruthy();
    expect(server.seen.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(device).getByLabelText('Days'), { target: { value: '3' } });
    fireEvent.change(within(device).getByLabelText('Reason'), { target: { value: 'Goodwill after an outage' } });
    fireEvent.click(within(device).getByRole('button', { name: 'Issue token' }));
    const issued = await within(device).findByText('131111431113232');
    expect(issued.closest('[role="status"]')?.textContent).toContain(
      'Token issued (count 2). Read it to the customer:',
    );
    const sent = server.seen.find((r) => r.method === 'POST');
    expect(sent).toMatchObject({
      url: '/api/admin/devices/d2/tokens',
      body: { type: 'ADD_TIME', days: 3, reason: 'Goodwill after an outage' },
    });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    // Unlocking takes no days; an unlocked device takes no more tokens.
    fireEvent.change(within(device).getByLabelText('Token'), { target: { value: 'DISABLE_PAYG' } });
    expect(within(device).queryByLabelText('Days')).toBeNull();
    const done = screen.getByRole('article', { name: 'SK60-000125' });
    fireEvent.click(within(done).getByRole('button', { name: 'Tokens' }));
    expect(await within(done).findByText('Unlocked for good: this device takes no more tokens.')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Issue token' })).toBeNull();
  });
});
