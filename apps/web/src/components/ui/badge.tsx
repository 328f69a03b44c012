import type { ReactNode } from 'react';

export type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

const tones: Record<Tone, string> = {
  neutral: 'border-stone-300 bg-stone-100 text-stone-800',
  good: 'border-brand-100 bg-brand-50 text-brand-900',
  warn: 'border-amber-300 bg-amber-50 text-amber-950',
  bad: 'border-red-200 bg-red-50 text-red-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
};

/** A short status word; the colour only repeats what the text says. */
export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-sm font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}
