import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The WCAG 2.2 A and AA rules and axe's best practices, colour contrast included: unlike the
// component tests, the browser lays the page out.
const RULES: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
};

/** What axe finds wrong in the page as it stands, one line per rule with the elements it flags. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's debugging channel, which the app's Content-Security-Policy
  // (scripts from the app's own origin only) does not govern, unlike an injected script tag.
  await page.evaluate(axeSource);
  return page.evaluate(async (rules) => {
    const { axe } = window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } };
    // Colours are read once running transitions (a button just pressed or focused) have ended:
    // halfway through one, a colour is neither the old nor the new, and its contrast means nothing.
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    // axe places a sticky element (the header) where it sits in the page, not where it shows
    // once scrolled, so a scrolled page's links under the header read as too small
    // (dequelabs/axe-core#3720). The page is read from its top, then put back where it was.
    const { scrollX, scrollY } = window;
    window.scrollTo(0, 0);
    const result = await axe.run(document, rules).finally(() => window.scrollTo(scrollX, scrollY));
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  }, RULES);
}

/**
 * The screen as a 360 px phone shows it: nothing axe finds wrong, and nothing wider than the
 * screen (a page that scrolls sideways hides part of every line). The journey goes on past a
 * failure, and fails at its end with every screen's problems.
 */
export async function expectGoodScreen(page: Page): Promise<void> {
  expect.soft(await axeViolations(page), `axe on ${page.url()}`).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `width of ${page.url()}`).toBeLessThanOrEqual(360);
}
