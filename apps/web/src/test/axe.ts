import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe's WCAG 2.2 A and AA rules on what a test rendered. Colour contrast is left to the
 * browser journeys: jsdom lays nothing out and computes no colours.
 */
export async function expectAccessible(container: Element): Promise<void> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
