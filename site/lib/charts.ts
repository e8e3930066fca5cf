import { scaleLinear, scaleUtc } from 'd3-scale';
import { curveMonotoneX, line } from 'd3-shape';

/** One value per hour; null where the hour has no value (drawn as a gap). */
export interface ChartPoint {
  readonly hourStart: string;
  readonly value: number | null;
}

/** A named line of a chart. */
export interface ChartSeries {
  readonly name: string;
  /** CSS class that colours the line (`series-a`, `series-b`, …). */
  readonly className: string;
  readonly points: readonly ChartPoint[];
}

/** What to draw: every series over one shared time axis. */
export interface LineChartSpec {
  readonly id: string;
  readonly title: string;
  /** Text alternative read by screen readers (the SVG's `<desc>`). */
  readonly description: string;
  readonly series: readonly ChartSeries[];
  readonly formatValue: (value: number) => string;
  /** Fixed value range; by default 0 (or the minimum when negative) to the maximum, padded. */
  readonly domain?: readonly [number, number];
  /** Draw a dashed reference line at this value (e.g. 0 for sentiment). */
  readonly reference?: number;
  readonly width?: number;
  readonly height?: number;
}

/** A tick with its position in SVG units. */
export interface Tick {
  readonly position: number;
  readonly label: string;
}

/** Everything an SVG template needs, in SVG units; no DOM. */
export interface LineChartModel {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly width: number;
  readonly height: number;
  readonly plot: {
    readonly left: number;
    readonly right: number;
    readonly top: number;
    readonly bottom: number;
  };
  readonly lines: ReadonlyArray<{ readonly name: string; readonly className: string; readonly d: string }>;
  /** Values with no neighbour on either side, which a line cannot show: drawn as dots. */
  readonly dots: ReadonlyArray<{ readonly className: string; readonly x: number; readonly y: number }>;
  readonly xTicks: readonly Tick[];
  readonly yTicks: readonly Tick[];
  /** Y of the reference line, when asked for and inside the range. */
  readonly referenceY: number | undefined;
  /** True when no series has a single value: the template shows a note instead of lines. */
  readonly empty: boolean;
}

const HOUR_MS = 3_600_000;
const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric' });

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * Lays out a line chart of hourly values with d3-scale and d3-shape: a UTC time axis with one tick per
 * day, a linear value axis with about five ticks, and one SVG path per series (gaps where values are
 * missing). Pure: the same spec always gives the same model.
 */
export function lineChart(spec: LineChartSpec): LineChartModel {
  const width = spec.width ?? 640;
  const height = spec.height ?? 220;
  const plot = { left: 48, right: width - 12, top: 12, bottom: height - 28 };
  const times = spec.series.flatMap((s) => s.points.map((p) => Date.parse(p.hourStart)));
  const values = spec.series.flatMap((s) => s.points.flatMap((p) => (p.value === null ? [] : [p.value])));
  const first = times.length ? Math.min(...times) : 0;
  const last = times.length ? Math.max(...times) : HOUR_MS;
  const x = scaleUtc()
    .domain([new Date(first), new Date(Math.max(last, first + HOUR_MS))])
    .range([plot.left, plot.right]);
  const lo = values.length ? Math.min(0, ...values) : 0;
  const hi = values.length ? Math.max(...values) : 1;
  const domain = spec.domain ?? [lo, hi === lo ? lo + 1 : hi];
  const y = scaleLinear().domain([domain[0], domain[1]]).nice(5).range([plot.bottom, plot.top]);
  const path = line<ChartPoint>()
    .defined((p) => p.value !== null)
    .x((p) => round1(x(new Date(p.hourStart))))
    .y((p) => round1(y(p.value ?? 0)))
    .curve(curveMonotoneX);
  const sorted = spec.series.map((s) => ({
    ...s,
    points: [...s.points].sort((a, b) => a.hourStart.localeCompare(b.hourStart)),
  }));
  const lines = sorted.map((s) => ({ name: s.name, className: s.className, d: path(s.points) ?? '' }));
  const dots = sorted.flatMap((s) =>
    s.points.flatMap((p, i) =>
      p.value !== null &&
      (s.points[i - 1]?.value ?? null) === null &&
      (s.points[i + 1]?.value ?? null) === null
        ? [{ className: s.className, x: round1(x(new Date(p.hourStart))), y: round1(y(p.value)) }]
        : [],
    ),
  );
  const xTicks: Tick[] = [];
  for (let t = Math.ceil(first / (24 * HOUR_MS)) * 24 * HOUR_MS; t <= last; t += 24 * HOUR_MS) {
    xTicks.push({ position: round1(x(new Date(t))), label: shortDay.format(new Date(t)) });
  }
  const yTicks = y.ticks(5).map((v) => ({ position: round1(y(v)), label: spec.formatValue(v) }));
  const [yMin, yMax] = y.domain() as [number, number];
  const referenceY =
    spec.reference !== undefined && spec.reference >= yMin && spec.reference <= yMax
      ? round1(y(spec.reference))
      : undefined;
  return {
    id: spec.id,
    title: spec.title,
    description: spec.description,
    width,
    height,
    plot,
    lines,
    dots,
    xTicks,
    yTicks,
    referenceY,
    empty: values.length === 0,
  };
}
