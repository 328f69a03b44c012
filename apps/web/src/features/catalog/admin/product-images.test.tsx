// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_ID, UPLOADED } from './catalogue-fixtures.ts';
import { BASE, productEditPage } from './product-edit-setup.tsx';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('@/components/ui/toast.tsx', () => ({
  showToast: async (title: string) => {
    toasts.push(title);
  },
}));

const { page, renderAt, part, writes } = productEditPage();

beforeEach(() => {
  toasts.length = 0;
});

/** XMLHttpRequest as the upload uses it, driven by the test. */
class FakeUpload {
  static last: FakeUpload | undefined;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | undefined;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeUpload.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('pictures', () => {
  beforeEach(() => {
    FakeUpload.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });

  it('uploads a picture with a preview and its progress, and refuses a wrong file before sending it', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    const pictures = part((await screen.findByRole('heading', { name: 'Pictures' })).textContent!);
    const input = pictures.getByLabelText('Add a picture');

    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(pictures.getByRole('alert').textContent).toBe(
      'This file is not a JPEG, PNG or WebP picture. Choose a photo in one of those formats.',
    );
    expect(FakeUpload.last).toBeUndefined();

    const photo = new File([new Uint8Array(2048)], 'lamp.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    await waitFor(() => expect(FakeUpload.last).toBeDefined());
    const upload = FakeUpload.last!;
    expect([upload.method, upload.url]).toEqual(['POST', `${BASE}/images`]);
    expect(upload.body?.get('file')).toBe(photo);
    expect(pictures.getByText('lamp.jpg')).toBeTruthy();
    expect(document.querySelector('img[src="blob:preview"]')).not.toBeNull();
    upload.progress(512, 2048);
    expect((await pictures.findByRole('status')).textContent).toBe('Uploading… 25%');
    expect((pictures.getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement).value).toBe(0.25);
    upload.progress(2048, 2048);
    await waitFor(() => expect(pictures.getByRole('status').textContent).toBe('Checking and resizing the picture…'));

    const added = '/media/products/fedcba9876543210fedcba9876543210.webp';
    page.detail = {
      ...page.detail,
      product: { ...page.detail.product, images: [...page.detail.product.images, added] },
    };
    upload.respond(201, page.detail.product);
    await waitFor(() => expect(toasts).toContain('The picture was added.'));
    await waitFor(() => expect(pictures.getAllByRole('listitem')).toHaveLength(3));
    expect(pictures.queryByText('lamp.jpg')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');

    FakeUpload.last = undefined;
    fireEvent.change(pictures.getByLabelText('Add a picture'), { target: { files: [photo] } });
    await waitFor(() => expect(FakeUpload.last).toBeDefined());
    FakeUpload.last!.respond(415, {
      error: { code: 'unsupported_image', message: 'This file is not a JPEG, PNG or WebP picture (it is GIF).' },
    });
    expect((await pictures.findByRole('alert')).textContent).toBe(
      'This file is not a JPEG, PNG or WebP picture (it is GIF).',
    );
  });

  it('makes a picture the main one, and removes one after a confirmation', async () => {
    renderAt(`/admin/products/${PRODUCT_ID}`);
    const pictures = part((await screen.findByRole('heading', { name: 'Pictures' })).textContent!);
    expect(pictures.getAllByRole('img')[0]?.getAttribute('src')).toBe(
      '/media/products/0123456789abcdef0123456789abcdef-400.webp',
    );
    expect(pictures.getByText('Main picture')).toBeTruthy();
    fireEvent.click(pictures.getByRole('button', { name: 'Make picture 2 the main picture' }));
    await waitFor(() => expect(toasts).toContain('The main picture was changed.'));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      url: `${BASE}/images/main`,
      body: { url: '/img/products/pico-2.svg' },
    });
    await waitFor(() => expect(pictures.getAllByRole('img')[0]?.getAttribute('src')).toBe('/img/products/pico-2.svg'));

    fireEvent.click(pictures.getByRole('button', { name: 'Remove picture 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this picture?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(toasts).toContain('The picture was removed.'));
    expect(writes()[1]).toMatchObject({ method: 'DELETE', url: `${BASE}/images?url=${encodeURIComponent(UPLOADED)}` });
    await waitFor(() => expect(pictures.getAllByRole('img')).toHaveLength(1));
  });
});
