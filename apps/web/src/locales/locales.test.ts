import { AUDIT_ACTIONS, auditActionKey } from '@ecogrid/core/audit';
import { describe, expect, it } from 'vitest';
import account from './en.account.json';
import admin from './en.admin.json';
import adminLoans from './en.admin-loans.json';
import answers from './en.answers.json';
import assistant from './en.assistant.json';
import cart from './en.cart.json';
import agent from './en.agent.json';
import catalogue from './en.catalogue.json';
import dashboard from './en.dashboard.json';
import shell from './en.json';
import kyc from './en.kyc.json';
import kycReview from './en.kyc-review.json';
import loans from './en.loans.json';
import orders from './en.orders.json';
import payments from './en.payments.json';
import places from './en.places.json';
import reports from './en.reports.json';
import reviews from './en.reviews.json';
import lg from './lg.json';
import support from './en.support.json';
import sw from './sw.json';

type Tree = { [key: string]: string | Tree };

/** English in full: the first download's strings and those that ship with the payment, catalogue, cart and order pages. */
const merge = (a: Tree, b: Tree): Tree => {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const mine = out[k];
    out[k] = typeof v === 'string' || typeof mine !== 'object' ? v : merge(mine, v);
  }
  return out;
};
/** The catalogues that ship beside pages, in the order they are merged over the first download's. */
const beside = [
  payments,
  catalogue,
  cart,
  orders,
  places,
  reviews,
  kyc,
  kycReview,
  agent,
  adminLoans,
  loans,
  support,
  answers,
  assistant,
  dashboard,
  reports,
];
const en = [account, admin, ...beside].reduce<Tree>(merge, shell);

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`)));

const flat = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v, `${prefix}${k}.`),
  );

describe('translation catalogues', () => {
  it.each([
    ['Luganda', lg],
    ['Swahili', sw],
  ])('%s translates every English string', (_name, catalogue) => {
    expect(keys(catalogue).sort()).toEqual(keys(en).sort());
  });

  it('keeps each English string in one place only', () => {
    const first = new Set(keys(shell));
    expect(keys(payments).filter((key) => first.has(key))).toEqual([]);
    const before = new Set([...keys(shell), ...keys(payments)]);
    expect(keys(catalogue).filter((key) => before.has(key))).toEqual([]);
    const all = [shell, ...beside].flatMap((file) => keys(file));
    expect(all.filter((key, i) => all.indexOf(key) !== i)).toEqual([]);
  });

  it("keeps the spec's English wording for the banners and error screens", () => {
    expect(shell.banner).toEqual({
      offlineTitle: "You're Offline",
      offlineBody: "Some features may be limited. Data will sync when you're back online.",
      backOnline: 'Back Online!',
    });
    expect(shell.errors.loadingTitle).toBe('Loading Error');
    expect(shell.errors.loadingBody).toBe(
      'There was an issue loading the application. This is usually caused by cached files.',
    );
    expect(shell.errors.genericTitle).toBe('Something went wrong');
    expect(shell.errors.genericBody).toBe('An unexpected error occurred. Please try refreshing the page.');
    expect([shell.errors.tryAgain, shell.errors.refresh]).toEqual(['Try Again', 'Refresh Page']);
    expect([shell.install.install, shell.install.later]).toEqual(['Install App', 'Maybe Later']);
  });

  it('keeps interpolation placeholders in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const english = new Map(flat(en));
    for (const catalogue of [lg, sw]) {
      for (const [key, text] of flat(catalogue)) {
        expect(placeholders(text), key).toEqual(placeholders(english.get(key) ?? ''));
      }
    }
  });

  it('words every count through plural forms, one and other, in every language', () => {
    for (const catalogue of [en, lg, sw]) {
      const texts = new Map(flat(catalogue));
      for (const [key, text] of texts) {
        expect(text, key).not.toMatch(/\(s\)/);
        if (text.includes('{{count}}')) expect(key).toMatch(/_(one|other)$/);
        const plural = /^(.*)_(one|other)$/.exec(key);
        if (plural) expect(texts.has(`${plural[1]}_${plural[2] === 'one' ? 'other' : 'one'}`), key).toBe(true);
      }
    }
  });

  it('names every action the audit log records, in every language', () => {
    for (const catalogue of [en, lg, sw]) {
      const texts = new Map(flat(catalogue));
      for (const action of AUDIT_ACTIONS) {
        expect(texts.get(`admin.systemLog.actionNames.${auditActionKey(action)}`), action).toBeTruthy();
      }
    }
  });
});
