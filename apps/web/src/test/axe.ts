import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * What axe finds wrong in the rendered page (WCAG 2.2 A and AA rules), one line per rule with
 * the elements it flags; empty when it finds nothing. jsdom lays nothing out, so colour
 * contrast is left to the browser journeys and Lighthouse; a page rendered on its own sits
 * outside the app's landmarks, so the rule that all content is in one is left to them too.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/** Fails the test with what axe finds wrong in what it rendered. */
export async function expectAccessible(container: Element): Promise<void> {
  expect(await axeViolations(container)).toEqual([]);
}

/** For a test that runs axe on a whole page, which takes seconds when the machine is busy. */
export const AXE_TIMEOUT_MS = 20_000;
