import { useRef, type KeyboardEvent } from 'react';

type Tab<T extends string> = { id: T; label: string };

type Props<T extends string> = {
  label: string;
  idPrefix: string;
  tabs: readonly Tab<T>[];
  value: T;
  onChange: (id: T) => void;
};

/** The tab and its panel ids, so the panel can point back at its tab. */
export const tabIds = (idPrefix: string, id: string) => ({
  tab: `${idPrefix}-tab-${id}`,
  panel: `${idPrefix}-panel-${id}`,
});

/** A tab list (WAI-ARIA pattern): arrow keys, Home and End move between tabs and select them. */
export function Tabs<T extends string>({ label, idPrefix, tabs, value, onChange }: Props<T>) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === value);
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next]!;
    onChange(tab.id);
    list.current?.querySelector<HTMLElement>(`#${tabIds(idPrefix, tab.id).tab}`)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={move}
      className="flex gap-1 overflow-x-auto border-b border-stone-200"
    >
      {tabs.map((tab) => {
        const selected = tab.id === value;
        const ids = tabIds(idPrefix, tab.id);
        return (
          <button
            key={tab.id}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            className={`-mb-px min-h-11 shrink-0 border-b-2 px-4 py-2 text-base font-semibold ${
              selected ? 'border-brand-800 text-brand-800' : 'border-transparent text-stone-700 hover:text-stone-900'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
