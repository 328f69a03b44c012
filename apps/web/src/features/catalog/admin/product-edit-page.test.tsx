// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aDetail, PRODUCT_ID } from './catalogue-fixtures.ts';
import { BASE, productEditPage, SHOP_LOCATION } from './product-edit-setup.tsx';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const { page, renderAt, part, writes, type, errorOf } = productEditPage();

beforeEach(() => {
  toasts.length = 0;
});

describe('a new product', () => {
  it('is checked as the server checks it, shows the server’s refusal beside its field, then opens', async () => {
    renderAt('/admin/products/new');
    expect(await screen.findByRole('heading', { name: 'New product', level: 1 })).toBeTruthy();
    const options = [...((await screen.findByLabelText('Category')) as HTMLSelectElement).options];
    expect(options.map((o) => [o.text, o.disabled])).toEqual([
      ['Choose a category', false],
      ['Solar lanterns', false],
      ['Fridges', false],
      ['Old shelf (deactivated)', true],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(screen.getByRole('alert').textContent).toBe('Check the 6 fields marked below.');
    expect(errorOf('Price (UGX, VAT included)')).toBe(
      'Enter the price in whole shillings, from UGX 1 to UGX 100,000,000.',
    );
    expect(errorOf('Category')).toBe('Choose a category.');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(writes()).toEqual([]);

    type('Name', 'Solar Fan 12V');
    type('SKU', 'fan-12');
    type('Brand', 'Sun King');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'solar-lanterns' } });
    type('Price (UGX, VAT included)', '1,250,000');
    type('What shoppers read about it', 'A quiet fan for hot nights, runs on 12 volts.');
    type('Units in stock now', '5');
    page.replies = [
      {
        status: 409,
        body: {
          error: {
            code: 'sku_taken',
            message: 'Another product already has the SKU FAN-12. Each product needs its own SKU.',
          },
        },
      },
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() =>
      expect(errorOf('SKU')).toBe('Another product already has the SKU FAN-12. Each product needs its own SKU.'),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('SKU'));

    type('SKU', 'FAN-13');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByRole('heading', { name: 'Solar Fan 12V', level: 1 })).toBeTruthy();
    const [, created] = writes();
    expect(created?.body).toEqual({
      name: 'Solar Fan 12V',
      sku: 'FAN-13',
      brand: 'Sun King',
      category: 'solar-lanterns',
      price: 1_250_000,
      taxClass: 'standard',
      loanEligible: false,
      description: 'A quiet fan for hot nights, runs on 12 volts.',
      specs: { panelWatts: null, batteryWh: null, lights: null, warrantyMonths: 12, appliancesIncluded: [] },
      stock: 5,
    });
    expect(created?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(toasts).toContain('Solar Fan 12V was created.');
  });
});

describe('editing a product', () => {
  it('sends only the fields changed, and shows a refused category beside its field', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Sun King Pico Plus', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Price (UGX, VAT included)') as HTMLInputElement).value).toBe('45,000');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(toasts).toEqual(['Nothing has changed, so there is nothing to save.']);

    type('Price (UGX, VAT included)', '50,000');
    type('Appliances included', 'Phone charger\n\nRadio ');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toasts).toContain('Your changes were saved.'));
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      url: BASE,
      body: {
        price: 50_000,
        specs: {
          panelWatts: 1,
          batteryWh: 4,
          lights: 1,
          warrantyMonths: 24,
          appliancesIncluded: ['Phone charger', 'Radio'],
        },
      },
    });

    page.replies = [
      {
        status: 422,
        body: {
          error: {
            code: 'inactive_category',
            message: 'The category Fridges is deactivated. Reactivate it first, or choose another category.',
          },
        },
      },
    ];
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'fridges' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(errorOf('Category')).toBe(
        'The category Fridges is deactivated. Reactivate it first, or choose another category.',
      ),
    );
    expect(writes()[1]?.body).toEqual({ category: 'fridges' });
  });

  it('takes a product off sale only after a confirmation', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Take off sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Take Sun King Pico Plus off sale?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, take off sale' }));
    expect(await screen.findByRole('button', { name: 'Put back on sale' })).toBeTruthy();
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${BASE}/deactivate`]);
    expect(part('On sale').getByText('Off sale')).toBeTruthy();
    expect(toasts).toContain('The product is off sale.');
  });

  it('shows what admins did, with each field before and after', async () => {
    page.detail = {
      ...aDetail(),
      audit: [
        {
          id: 'a1',
          action: 'product.update',
          actorId: 'admin-1',
          actor: { id: 'admin-1', name: 'Grace Admin', role: 'admin' },
          reason: null,
          details: { changes: { price: { before: 40_000, after: 45_000 } } },
          createdAt: '2026-03-01T09:00:00.000Z',
        },
      ],
    };
    renderAt(`/admin/products/${PRODUCT_ID}`);
    const [entry] = (await screen.findByText('Details changed')).closest('ol')!.querySelectorAll('li');
    expect(entry!.textContent).toContain('by Grace Admin (Admin)');
    expect(entry!.textContent).toContain('Price (UGX, VAT included)UGX 40,000 → UGX 45,000');
  });
});

describe('stock', () => {
  it('adds and removes units with a reason, and shows a refusal in the server’s words', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    await screen.findByRole('heading', { name: 'Sun King Pico Plus', level: 1 });
    const stock = part('Stock');
    expect(stock.getByText('12 in stock')).toBeTruthy();
    const history = await stock.findByRole('list', { name: 'Stock history, newest first' });
    expect(history.textContent).toContain('Adjusted by an admin');
    expect(history.textContent).toContain('+12');
    expect(history.textContent).toContain('Opening stock');
    expect(history.textContent).toContain('By Grace Admin');

    fireEvent.change(stock.getByLabelText('How many units'), { target: { value: '5' } });
    fireEvent.click(stock.getByRole('button', { name: 'Adjust stock' }));
    expect(errorOf('Reason')).toBe('Give the reason: 3 to 300 characters.');
    expect(document.activeElement).toBe(stock.getByLabelText('Reason'));
    expect(writes()).toEqual([]);

    fireEvent.change(stock.getByLabelText('Reason'), { target: { value: 'Delivery received' } });
    // The units arrive at a shop chosen by name, not the main warehouse.
    await stock.findByRole('option', { name: 'Mbale shop (Shop)' });
    fireEvent.change(stock.getByLabelText('Where the units arrive or leave'), { target: { value: SHOP_LOCATION } });
    fireEvent.click(stock.getByRole('button', { name: 'Adjust stock' }));
    await waitFor(() => expect(toasts).toContain('Stock is now 17.'));
    expect(writes()[0]?.body).toEqual({ change: 5, reason: 'Delivery received', locationId: SHOP_LOCATION });
    expect(writes()[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(stock.getByText('17 in stock')).toBeTruthy());

    page.replies = [
      {
        status: 422,
        body: {
          error: {
            code: 'stock_below_zero',
            message:
              'Only 17 of Sun King Pico Plus in stock: removing 20 would take it below zero. Nothing was changed.',
          },
        },
      },
    ];
    fireEvent.click(stock.getByLabelText('Remove units'));
    fireEvent.change(stock.getByLabelText('How many units'), { target: { value: '20' } });
    fireEvent.change(stock.getByLabelText('Reason'), { target: { value: 'Stock count' } });
    fireEvent.click(stock.getByRole('button', { name: 'Adjust stock' }));
    expect((await stock.findByRole('alert')).textContent).toBe(
      'Only 17 of Sun King Pico Plus in stock: removing 20 would take it below zero. Nothing was changed.',
    );
    expect(writes()[1]?.body).toEqual({ change: -20, reason: 'Stock count', locationId: SHOP_LOCATION });
  });
});
