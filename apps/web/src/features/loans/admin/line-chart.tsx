/** Colours for up to six lines, each 3:1 or more against white (WCAG 1.4.11). */
const COLOURS = ['#1d4ed8', '#b45309', '#047857', '#b91c1c', '#6d28d9', '#0f766e'];

export type ChartLine = { name: string; values: (number | null)[] };

/**
 * Lines over a shared axis, scaled to the largest value: a picture of the table beside it, which
 * carries the numbers for everyone (the drawing is hidden from screen readers; its legend is text).
 */
export function LineChart({ lines, max }: { lines: ChartLine[]; max?: number }) {
  const width = 320;
  const height = 160;
  const count = Math.max(1, ...lines.map((l) => l.values.length));
  const top = max ?? Math.max(1, ...lines.flatMap((l) => l.values.map((v) => v ?? 0)));
  const x = (i: number) => (count === 1 ? width / 2 : (i * width) / (count - 1));
  const y = (v: number) => height - (v / top) * height;
  return (
    <figure className="space-y-2">
      <svg viewBox={`-4 -4 ${width + 8} ${height + 8}`} className="h-40 w-full" aria-hidden="true">
        <line x1={0} y1={height} x2={width} y2={height} stroke="#78716c" />
        {lines.map((line, n) => (
          <polyline
            key={line.name}
            fill="none"
            stroke={COLOURS[n % COLOURS.length]}
            strokeWidth={2}
            points={line.values
              .flatMap((v, i) => (v === null ? [] : [`${x(i).toFixed(1)},${y(v).toFixed(1)}`]))
              .join(' ')}
          />
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {lines.map((line, n) => (
          <span key={line.name} className="inline-flex items-center gap-1">
            <span
              aria-hidden="true"
              className="inline-block h-1 w-4"
              style={{ background: COLOURS[n % COLOURS.length] }}
            />
            {line.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
