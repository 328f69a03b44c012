// @vitest-environment jsdom
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { addEnglish, changeLanguage, i18n, initI18n } from '@/lib/i18n.ts';
import loanStrings from '@/locales/en.loans.json';
import { expectAccessible } from '@/test/axe.ts';
import { WarrantyState } from './warranty-state.tsx';

const show = (until: string | null) =>
  render(
    <I18nextProvider i18n={i18n}>
      <p>
        <WarrantyState until={until} />
      </p>
    </I18nextProvider>,
  );

beforeAll(async () => {
  addEnglish(loanStrings);
  await initI18n();
});
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the warranty shown for a unit', () => {
  it('says until when it runs, its last day included, and when it ended, in every language', async () => {
    const today = kampalaDate(new Date());
    const { container, rerender } = show(today);
    expect(container.textContent).toMatch(/^Under warranty until \w{3} \d{1,2}, \d{4}$/);
    await expectAccessible(container);

    const yesterday = addDays(today, -1);
    rerender(
      <I18nextProvider i18n={i18n}>
        <p>
          <WarrantyState until={yesterday} />
        </p>
      </I18nextProvider>,
    );
    expect(container.textContent).toMatch(/^Warranty ended \w{3} \d{1,2}, \d{4}$/);

    await act(() => changeLanguage('lg'));
    expect(container.textContent).toMatch(/^Ggaranti yaggwaako nga /);
    await act(() => changeLanguage('sw'));
    expect(container.textContent).toMatch(/^Dhamana iliisha /);
  });

  it('shows nothing before the unit is delivered', () => {
    show(null);
    expect(screen.queryByText(/warranty/i)).toBeNull();
  });
});
