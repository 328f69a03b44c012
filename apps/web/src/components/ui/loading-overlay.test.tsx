import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { LoadingOverlay, type LoadingType } from './loading-overlay.tsx';

beforeAll(async () => {
  await initI18n();
});

describe('LoadingOverlay', () => {
  it.each<[LoadingType, string]>([
    ['auth', 'Checking your sign-in…'],
    ['payment', 'Processing your payment…'],
    ['admin', 'Loading admin tools…'],
    ['customer', 'Loading your account…'],
    ['default', 'Loading…'],
  ])('announces what the %s overlay waits for', (type, text) => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <LoadingOverlay type={type} />
      </I18nextProvider>,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain(`data-loading-type="${type}"`);
    expect(html).toContain(text);
  });
});
