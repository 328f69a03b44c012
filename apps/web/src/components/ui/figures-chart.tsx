import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** Colours for up to six series, each 4.5:1 or more against white, as the legend's text takes them. */
const COLOURS = ['#1d4ed8', '#b45309', '#047857', '#b91c1c', '#6d28d9', '#0f766e'];
/** Until its box is measured (and in a DOM without layout) the chart is drawn at a phone's width. */
const FIRST_SIZE = { width: 320, height: 192 };
/** Ticks in rem, so they grow with the reader's text size. */
const TICK = { fontSize: '0.75rem', fill: '#44403c' };

export type ChartSeries = { name: string; values: (number | null)[] };

export type FiguresChartProps = {
  /** The chart's accessible name ("… : chart of the figures below"). */
  label: string;
  kind: 'bar' | 'line';
  /** The labels along the category axis, already in the reader's words. */
  points: string[];
  series: ChartSeries[];
  /** A value as the reader sees it on the axis and in the tooltip. */
  formatValue: (value: number) => string;
};

/**
 * Bars by category (drawn across, so long names fit a phone) or lines over time, with a legend
 * below: a picture of the table beside it, which carries the figures for everyone (decision 016).
 * Loaded lazily by the pages that chart, never in the first download.
 */
export default function FiguresChart({ label, kind, points, series, formatValue }: FiguresChartProps) {
  const [legendBox, setLegendBox] = useState<HTMLDivElement | null>(null);
  const data = points.map((point, i) => ({
    point,
    ...Object.fromEntries(series.map((s, n) => [`s${n}`, s.values[i] ?? null])),
  }));
  const legend = legendBox && <Legend portal={legendBox} />;
  const tooltip = <Tooltip formatter={(value) => formatValue(Number(value))} />;
  // Bars across need room for each category; lines keep a fixed height.
  const height = kind === 'bar' ? Math.max(12, points.length * 2.5 * Math.max(1, series.length * 0.6) + 3) : 12;
  return (
    <div role="img" aria-label={label} className="w-full min-w-0 space-y-2">
      <div style={{ height: `${height}rem` }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={FIRST_SIZE}>
          {kind === 'bar' ? (
            <BarChart
              data={data}
              layout="vertical"
              accessibilityLayer={false}
              margin={{ top: 4, right: 12, bottom: 0, left: 0 }}
            >
              <CartesianGrid stroke="#e7e5e4" horizontal={false} />
              <XAxis type="number" tickFormatter={formatValue} tick={TICK} stroke="#78716c" />
              <YAxis type="category" dataKey="point" tick={TICK} width="auto" stroke="#78716c" />
              {tooltip}
              {legend}
              {series.map((s, n) => (
                <Bar
                  key={s.name}
                  dataKey={`s${n}`}
                  name={s.name}
                  fill={COLOURS[n % COLOURS.length]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          ) : (
            <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="#e7e5e4" vertical={false} />
              <XAxis dataKey="point" tick={TICK} minTickGap={16} stroke="#78716c" />
              <YAxis tickFormatter={formatValue} tick={TICK} width="auto" stroke="#78716c" />
              {tooltip}
              {legend}
              {series.map((s, n) => (
                <Line
                  key={s.name}
                  dataKey={`s${n}`}
                  name={s.name}
                  type="linear"
                  stroke={COLOURS[n % COLOURS.length]}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
      <div ref={setLegendBox} />
    </div>
  );
}
