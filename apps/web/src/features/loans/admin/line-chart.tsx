import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart as Chart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormats } from '@/lib/formats.ts';

/** Colours for up to six lines, each 4.5:1 or more against white, as the legend's text takes them. */
const COLOURS = ['#1d4ed8', '#b45309', '#047857', '#b91c1c', '#6d28d9', '#0f766e'];
/** Until its box is measured (and in a DOM without layout) the chart is drawn at a phone's width. */
const FIRST_SIZE = { width: 320, height: 192 };
/** Ticks in rem, so they grow with the reader's text size. */
const TICK = { fontSize: '0.75rem', fill: '#44403c' };

export type ChartLine = { name: string; values: (number | null)[] };

type Props = {
  /** The chart's accessible name. */
  label: string;
  /** The points along the x-axis, in order; each line has a value (or null) at each. */
  points: string[];
  /** A point as the reader sees it on the axis and in the tooltip. */
  formatPoint: (point: string) => string;
  /** Values in basis points, shown as percentages. */
  lines: ChartLine[];
  /** The top of the y-axis, in basis points; by default a round figure above the largest value. */
  max?: number;
};

/**
 * Lines of shares over a shared x-axis, with a legend: a picture of the table beside it, which
 * carries the numbers for everyone. It takes the width it is given, down to a phone's.
 */
export function LineChart({ label, points, formatPoint, lines, max }: Props) {
  const formats = useFormats();
  // The legend goes below the drawing, so however far its text wraps it takes no room from the lines.
  const [legendBox, setLegendBox] = useState<HTMLDivElement | null>(null);
  const data = points.map((point, i) => ({
    point,
    ...Object.fromEntries(lines.map((line, n) => [`line${n}`, line.values[i] ?? null])),
  }));
  return (
    <div role="img" aria-label={label} className="w-full min-w-0 space-y-2">
      <div className="h-48">
        <ResponsiveContainer width="100%" height="100%" initialDimension={FIRST_SIZE}>
          <Chart data={data} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e7e5e4" vertical={false} />
            <XAxis dataKey="point" tickFormatter={formatPoint} tick={TICK} minTickGap={16} stroke="#78716c" />
            <YAxis
              domain={[0, max ?? 'auto']}
              tickFormatter={(bp: number) => formats.percent(bp)}
              tick={TICK}
              width="auto"
              stroke="#78716c"
            />
            <Tooltip
              labelFormatter={(point) => formatPoint(String(point))}
              formatter={(bp) => formats.percent(Number(bp))}
            />
            {legendBox && <Legend portal={legendBox} />}
            {lines.map((line, n) => (
              <Line
                key={line.name}
                dataKey={`line${n}`}
                name={line.name}
                type="linear"
                stroke={COLOURS[n % COLOURS.length]}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </Chart>
        </ResponsiveContainer>
      </div>
      <div ref={setLegendBox} />
    </div>
  );
}
