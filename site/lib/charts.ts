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
  /**
   * Fit the value axis to the values instead of starting at 0 (ratios and scores that move in a narrow
   * band), never beyond `clamp`; the reference value, when given, stays inside the range.
   */
  readonly fit?: { readonly clamp: readonly [number, number] };
  /** Words beside the reference line (e.g. `neutral`). */
  readonly referenceLabel?: string;
  /** Where a point links (its hour's page); with it, every point is drawn as a labelled link when there are at most 48. */
  readonly pointHref?: (hourStart: string) => string;
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
  readonly referenceLabel: string | undefined;
  /** Every value as a point with words and its hour's link (only when `pointHref` is given and the points are few). */
  readonly points: ReadonlyArray<{
    readonly className: string;
    readonly x: number;
    readonly y: number;
    readonly href: string;
    readonly label: string;
  }>;
  /** True when no series has a single value: the template shows a note instead of lines. */
  readonly empty: boolean;
}

const HOUR_MS = 3_600_000;
const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric' });
const pointDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
/** Most points drawn as links: beyond this a chart would carry more links than a reader can use. */
const MAX_LINKED_POINTS = 48;

/** The value range to draw: fixed, fitted to the values (padded, clamped, with the reference), or 0 to the maximum. */
function valueDomain(spec: LineChartSpec, values: readonly number[]): [number, number] {
  if (spec.domain) return [spec.domain[0], spec.domain[1]];
  if (spec.fit && values.length) {
    const withRef = spec.reference === undefined ? values : [...values, spec.reference];
    const lo = Math.min(...withRef);
    const hi = Math.max(...withRef);
    const pad = Math.max((hi - lo) * 0.1, (spec.fit.clamp[1] - spec.fit.clamp[0]) * 0.02);
    return [Math.max(spec.fit.clamp[0], lo - pad), Math.min(spec.fit.clamp[1], hi + pad)];
  }
  const lo = values.length ? Math.min(0, ...values) : 0;
  const hi = values.length ? Math.max(...values) : 1;
  return [lo, hi === lo ? lo + 1 : hi];
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * Lays out a line chart of hourly values with d3-scale and d3-shape: a UTC time axis with one tick per
 * day (every 3 hours when the chart spans two days or less), a linear value axis with about five ticks,
 * and one SVG path per series (gaps where values are missing). Pure: the same spec always gives the
 * same model.
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
  const domain = valueDomain(spec, values);
  const y = scaleLinear().domain(domain).nice(5).range([plot.bottom, plot.top]);
  if (spec.fit) {
    const [a, b] = y.domain() as [number, number];
    y.domain([Math.max(spec.fit.clamp[0], a), Math.min(spec.fit.clamp[1], b)]);
  }
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
  const step = last - first < 48 * HOUR_MS ? 3 * HOUR_MS : 24 * HOUR_MS;
  for (let t = Math.ceil(first / step) * step; t <= last; t += step) {
    const at = new Date(t);
    const label =
      step < 24 * HOUR_MS && at.getUTCHours() !== 0 ? at.toISOString().slice(11, 16) : shortDay.format(at);
    xTicks.push({ position: round1(x(at)), label });
  }
  // A window shorter than one tick step still says when it is: label its first and last hour.
  if (xTicks.length < 2 && times.length) {
    const ends = [...new Set([first, last])].map((t) => new Date(t));
    xTicks.length = 0;
    for (const at of ends)
      xTicks.push({
        position: round1(x(at)),
        label: `${shortDay.format(at)} ${at.toISOString().slice(11, 16)}`,
      });
  }
  const valued = sorted.flatMap((s) =>
    s.points.flatMap((p) =>
      p.value === null ? [] : [{ className: s.className, name: s.name, p, value: p.value }],
    ),
  );
  const href = spec.pointHref;
  const points =
    href && valued.length <= MAX_LINKED_POINTS
      ? valued.map(({ className, name, p, value }) => ({
          className,
          x: round1(x(new Date(p.hourStart))),
          y: round1(y(value)),
          href: href(p.hourStart),
          label: `${pointDay.format(new Date(p.hourStart))}, ${p.hourStart.slice(11, 16)} UTC: ${name.toLowerCase()} ${spec.formatValue(value)}`,
        }))
      : [];
  // Fewer ticks when the format would print two of them alike (1.5% and 2% both read "2%").
  let yTicks: Tick[] = [];
  for (const count of [5, 4, 3, 2]) {
    yTicks = y.ticks(count).map((v) => ({ position: round1(y(v)), label: spec.formatValue(v) }));
    if (new Set(yTicks.map((t) => t.label)).size === yTicks.length) break;
  }
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
    referenceLabel: referenceY === undefined ? undefined : spec.referenceLabel,
    points,
    empty: values.length === 0,
  };
}
