import { useId, useState } from 'react';
import { TextField } from '@/components/ui/text-field.tsx';

type Option = { value: string; label: string };

/**
 * A labelled group of checkboxes, for one criterion of a segment. A long list (districts) gets a
 * field that narrows it, and scrolls inside its own box so the form stays short on a phone.
 */
export function CheckboxGroup({
  legend,
  options,
  selected,
  onChange,
  filterLabel,
  emptyText,
}: {
  legend: string;
  options: Option[];
  selected: string[];
  onChange: (next: string[]) => void;
  filterLabel?: string;
  emptyText: string;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  // Chosen ones stay in view whatever the filter says.
  const shown = options.filter((o) => !needle || o.label.toLowerCase().includes(needle) || selected.includes(o.value));
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <fieldset className="space-y-2 rounded-lg border border-stone-300 p-3">
      <legend className="px-1 font-semibold">{legend}</legend>
      {filterLabel && (
        <TextField id={`${id}-filter`} label={filterLabel} value={filter} onChange={(e) => setFilter(e.target.value)} />
      )}
      {shown.length === 0 ? (
        <p className="text-sm text-stone-700">{emptyText}</p>
      ) : (
        <ul className={`space-y-1 ${filterLabel ? 'max-h-64 overflow-y-auto' : ''}`}>
          {shown.map((option) => (
            <li key={option.value}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded px-1 hover:bg-stone-50">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={selected.includes(option.value)}
                  onChange={(e) => toggle(option.value, e.target.checked)}
                />
                <span>{option.label}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
