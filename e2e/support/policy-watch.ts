import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * Collects what the app's Content-Security-Policy stopped (the browser says so in the console
 * of the page or of one of its workers) and every request to another origin: both must stay
 * empty, since the app loads nothing from elsewhere.
 */
export function watchPolicy(page: Page, appOrigin: string): string[] {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  };
  page.on('console', onConsole);
  page.on('worker', (worker) => worker.on('console', onConsole));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== appOrigin) {
      problems.push(`request to another origin: ${url.href}`);
    }
  });
  return problems;
}
