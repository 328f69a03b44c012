// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCategory } from './api.ts';
import { aCategory, CATEGORIES } from './catalogue-fixtures.ts';
import CategoriesPage from './categories-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const BASE = '/api/admin/catalog/categories';
let categories: AdminCategory[];
let refusal: { status: number; body: unknown } | null;
const server = fakeServer(({ url, method, body }) => {
  if (method === 'GET' && url === BASE) return { body: { items: categories } };
  if (refusal) return refusal;
  if (method === 'POST' && url === BASE) {
    const made = aCategory({ ...(body as object), position: 4, productCount: 0, activeProductCount: 0 });
    categories = [...categories, made];
    return { status: 201, body: made };
  }
  if (method === 'PUT' && url === `${BASE}/order`) {
    const { slugs } = body as { slugs: string[] };
    categories = slugs.map((slug, i) => ({ ...categories.find((c) => c.slug === slug)!, position: i + 1 }));
    return { body: { items: categories } };
  }
  const patch = /^\/api\/admin\/catalog\/categories\/([\w-]+)$/.exec(url);
  if (method === 'PATCH' && patch) {
    categories = categories.map((c) => (c.slug === patch[1] ? { ...c, ...(body as object) } : c));
    return { body: categories.find((c) => c.slug === patch[1]) };
  }
  const toggle = /^\/api\/admin\/catalog\/categories\/([\w-]+)\/(deactivate|reactivate)$/.exec(url);
  if (method === 'POST' && toggle) {
    categories = categories.map((c) => (c.slug === toggle[1] ? { ...c, active: toggle[2] === 'reactivate' } : c));
    return { body: categories.find((c) => c.slug === toggle[1]) };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  categories = [...CATEGORIES];
  refusal = null;
  toasts.length = 0;
  server.start();
});

const writes = () => server.seen.filter((r) => r.method !== 'GET');
const item = async (name: string) => (await screen.findByRole('heading', { name, level: 2 })).closest('li')!;

describe('the admin categories page', () => {
  it('lists the categories in order with their products and state', async () => {
    renderPage(CategoriesPage, '/admin/categories');
    const list = await screen.findByRole('list', { name: 'Categories, in the order shoppers see them' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Solar lanterns', 'Fridges', 'Old shelf']);
    const lanterns = await item('Solar lanterns');
    expect(lanterns.textContent).toContain('solar-lanterns');
    expect(lanterns.textContent).toContain('3 products, 2 on sale');
    expect((await item('Fridges')).textContent).toContain('1 product, 1 on sale');
    expect((await item('Old shelf')).textContent).toContain('Deactivated');
    expect(
      (within(lanterns).getByRole('button', { name: 'Move Solar lanterns up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('adds a category with a slug made from its name, checked before sending', async () => {
    renderPage(CategoriesPage, '/admin/categories');
    await screen.findByRole('list', { name: 'Categories, in the order shoppers see them' });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(screen.getByText('Enter the name: 2 to 60 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(writes()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Solar Fans & Coolers' } });
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('solar-fans-coolers');
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await item('Solar Fans & Coolers')).toBeTruthy();
    expect(writes()[0]?.body).toEqual({ name: 'Solar Fans & Coolers', slug: 'solar-fans-coolers' });
    expect(toasts).toContain('Solar Fans & Coolers was added.');
  });

  it('moves a category down, sending the whole order, and keeps the focus on it', async () => {
    renderPage(CategoriesPage, '/admin/categories');
    fireEvent.click(within(await item('Solar lanterns')).getByRole('button', { name: 'Move Solar lanterns down' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Solar lanterns is now number 2.'));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: `${BASE}/order`,
      body: { slugs: ['fridges', 'solar-lanterns', 'old-shelf'] },
    });
    const list = screen.getByRole('list', { name: 'Categories, in the order shoppers see them' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Fridges', 'Solar lanterns', 'Old shelf']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Solar lanterns down' })),
    );
  });

  it('renames a category', async () => {
    renderPage(CategoriesPage, '/admin/categories');
    const fridges = await item('Fridges');
    fireEvent.click(within(fridges).getByRole('button', { name: 'Rename Fridges' }));
    fireEvent.change(within(fridges).getByLabelText('New name'), { target: { value: 'Solar fridges' } });
    fireEvent.click(within(fridges).getByRole('button', { name: 'Save name' }));
    expect(await item('Solar fridges')).toBeTruthy();
    expect(writes()[0]).toMatchObject({ method: 'PATCH', url: `${BASE}/fridges`, body: { name: 'Solar fridges' } });
  });

  it("asks before deactivating, and shows the server's refusal in the dialog", async () => {
    refusal = {
      status: 422,
      body: {
        error: {
          code: 'category_in_use',
          message:
            'Solar lanterns still has 2 active products. Move them to another category or deactivate them first.',
        },
      },
    };
    renderPage(CategoriesPage, '/admin/categories');
    fireEvent.click(within(await item('Solar lanterns')).getByRole('button', { name: 'Deactivate Solar lanterns' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Solar lanterns?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Solar lanterns still has 2 active products. Move them to another category or deactivate them first.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    refusal = null;
    fireEvent.click(within(await item('Old shelf')).getByRole('button', { name: 'Reactivate Old shelf' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Reactivate Old shelf?' })).getByRole('button', {
        name: 'Reactivate',
      }),
    );
    await waitFor(() => expect(toasts).toContain('Old shelf is shown again.'));
    expect((await item('Old shelf')).textContent).toContain('Shown');
  });
});
