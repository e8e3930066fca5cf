import { describe, expect, it } from 'vitest';
import { lineChart } from './charts.ts';

const hours = Array.from({ length: 49 }, (_, i) => new Date(Date.UTC(2026, 0, 28, i)).toISOString());

describe('lineChart', () => {
  const model = lineChart({
    id: 'volume',
    title: 'Posts per hour',
    description: 'desc',
    formatValue: String,
    series: [
      { name: 'posts', className: 'series-a', points: hours.map((h, i) => ({ hourStart: h, value: i })) },
    ],
  });

  it('draws one path per series, inside the plot area', () => {
    expect(model.lines).toHaveLength(1);
    const numbers = (model.lines[0]?.d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    expect(numbers.length).toBeGreaterThan(10);
    expect(model.lines[0]?.d.startsWith(`M${model.plot.left},${model.plot.bottom}`)).toBe(true);
  });

  it('puts one x tick per UTC midnight and about five y ticks from zero', () => {
    expect(model.xTicks.map((t) => t.label)).toEqual(['Wed 28', 'Thu 29', 'Fri 30']);
    expect(model.xTicks[0]?.position).toBe(model.plot.left);
    expect(model.yTicks[0]).toEqual({ position: model.plot.bottom, label: '0' });
    expect(model.yTicks.length).toBeGreaterThanOrEqual(4);
    expect(model.empty).toBe(false);
  });

  it('leaves a gap where an hour has no value', () => {
    const gappy = lineChart({
      id: 'g',
      title: 't',
      description: 'd',
      formatValue: String,
      series: [
        {
          name: 's',
          className: 'series-a',
          points: hours.slice(0, 6).map((h, i) => ({ hourStart: h, value: i === 3 ? null : i })),
        },
      ],
    });
    expect(gappy.lines[0]?.d.match(/M/g)).toHaveLength(2);
    expect(gappy.dots).toEqual([]);
  });

  it('draws a value with no neighbours as a dot, since a line cannot show it', () => {
    const lone = lineChart({
      id: 'l',
      title: 't',
      description: 'd',
      formatValue: String,
      series: [
        {
          name: 's',
          className: 'series-b',
          points: hours.slice(0, 5).map((h, i) => ({ hourStart: h, value: i === 1 ? 4 : i >= 3 ? i : null })),
        },
      ],
    });
    expect(lone.dots).toHaveLength(1);
    expect(lone.dots[0]?.className).toBe('series-b');
    expect(lone.dots[0]?.y).toBe(lone.plot.top);
  });

  it('places a reference line only inside the value range', () => {
    const spec = {
      id: 's',
      title: 't',
      description: 'd',
      formatValue: String,
      series: [
        {
          name: 's',
          className: 'c',
          points: [
            { hourStart: hours[0] as string, value: -0.5 },
            { hourStart: hours[1] as string, value: 0.5 },
          ],
        },
      ],
    };
    expect(lineChart({ ...spec, reference: 0 }).referenceY).toBeTypeOf('number');
    expect(lineChart({ ...spec, reference: 5 }).referenceY).toBeUndefined();
  });

  it('reports an empty chart when there is no value at all', () => {
    const empty = lineChart({ id: 'e', title: 't', description: 'd', formatValue: String, series: [] });
    expect(empty.empty).toBe(true);
    expect(empty.lines).toEqual([]);
  });
});

describe('charts that fit their data', () => {
  const hour = (n: number) => new Date(Date.UTC(2026, 0, 31, n)).toISOString();
  const series = (values: number[]) => [
    {
      name: 'Quality ratio',
      className: 'series-b',
      points: values.map((value, i) => ({ hourStart: hour(i), value })),
    },
  ];

  it('fits the value axis to a narrow band, inside the clamp, and labels its lowest tick', () => {
    const model = lineChart({
      id: 'q',
      title: 'Quality',
      description: 'd',
      series: series([0.92, 0.95, 0.97, 1]),
      formatValue: (v) => `${Math.round(v * 100)}%`,
      fit: { clamp: [0, 1] },
    });
    const labels = model.yTicks.map((t) => t.label);
    expect(labels[0]).not.toBe('0%');
    expect(labels.at(-1)).toBe('100%');
    expect(model.yTicks[0]?.position).toBeLessThanOrEqual(model.plot.bottom);
  });

  it('keeps the reference inside a fitted range and names it', () => {
    const model = lineChart({
      id: 's',
      title: 'Sentiment',
      description: 'd',
      series: series([0.1, 0.2, 0.15]),
      formatValue: String,
      fit: { clamp: [-1, 1] },
      reference: 0,
      referenceLabel: 'neutral',
    });
    expect(model.referenceY).toBeDefined();
    expect(model.referenceLabel).toBe('neutral');
    expect(model.yTicks.every((t) => Math.abs(Number(t.label)) <= 0.5)).toBe(true);
  });

  it('labels hours on a chart of a day or two, and links each point to its hour', () => {
    const model = lineChart({
      id: 'v',
      title: 'Posts',
      description: 'd',
      series: series(Array.from({ length: 24 }, (_, i) => i)),
      formatValue: String,
      pointHref: (h) => `/h/${h.slice(11, 13)}/`,
    });
    expect(model.xTicks.map((t) => t.label)).toEqual([
      'Sat 31',
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
    ]);
    expect(model.points).toHaveLength(24);
    expect(model.points[3]).toMatchObject({ href: '/h/03/', label: '31 Jan, 03:00 UTC: quality ratio 3' });
  });
});

describe('chart labels a reader can tell apart', () => {
  const hour = (n: number) => new Date(Date.UTC(2026, 0, 31, n)).toISOString();
  it('never prints two value ticks alike, and labels a window shorter than a tick step at its ends', () => {
    const model = lineChart({
      id: 'n',
      title: 'Share',
      description: 'd',
      series: [{ name: 'Share', className: 'series-b', points: [{ hourStart: hour(5), value: 0.02 }] }],
      formatValue: (v) => `${Math.round(v * 100)}%`,
    });
    const labels = model.yTicks.map((t) => t.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(model.xTicks.map((t) => t.label)).toEqual(['Sat 31 05:00']);
  });
});
