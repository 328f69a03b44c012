import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n.ts';
import { GenericErrorScreen, LoadingErrorScreen } from './error-screens.tsx';

beforeAll(async () => {
  await initI18n();
});

const render = (node: React.ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe('error screens', () => {
  it("the generic screen uses the spec's words and offers Try Again and Refresh Page", () => {
    const html = render(<GenericErrorScreen onRetry={() => {}} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Something went wrong');
    expect(html).toContain('An unexpected error occurred. Please try refreshing the page.');
    expect(html).toMatch(/<button[^>]*>Try Again<\/button>/);
    expect(html).toMatch(/<button[^>]*>Refresh Page<\/button>/);
  });

  it('the loading-error screen offers Clear Cache and Reload', () => {
    const html = render(<LoadingErrorScreen />);
    expect(html).toContain('Loading Error');
    expect(html).toContain('There was an issue loading the application. This is usually caused by cached files.');
    expect(html).toMatch(/<button[^>]*>Clear Cache and Reload<\/button>/);
  });
});
