import { describe, expect, it } from 'vitest';
import en from './en.json';
import lg from './lg.json';
import sw from './sw.json';

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));

describe('translation catalogues', () => {
  it.each([
    ['Luganda', lg],
    ['Swahili', sw],
  ])('%s translates every English string', (_name, catalogue) => {
    expect(keys(catalogue).sort()).toEqual(keys(en).sort());
  });

  it("keeps the spec's English wording for the banners and error screens", () => {
    expect(en.banner).toEqual({
      offlineTitle: "You're Offline",
      offlineBody: "Some features may be limited. Data will sync when you're back online.",
      backOnline: 'Back Online!',
    });
    expect(en.errors.loadingTitle).toBe('Loading Error');
    expect(en.errors.loadingBody).toBe(
      'There was an issue loading the application. This is usually caused by cached files.',
    );
    expect(en.errors.genericTitle).toBe('Something went wrong');
    expect(en.errors.genericBody).toBe('An unexpected error occurred. Please try refreshing the page.');
    expect([en.errors.tryAgain, en.errors.refresh]).toEqual(['Try Again', 'Refresh Page']);
    expect([en.install.install, en.install.later]).toEqual(['Install App', 'Maybe Later']);
  });

  it('keeps interpolation placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const flat = (tree: Tree, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`),
      );
    const english = new Map(flat(en));
    for (const catalogue of [lg, sw]) {
      for (const [key, text] of flat(catalogue)) {
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    }
  });
});
