import type { TDeliveryStatsPoint } from '@wm/contracts';
import { addDays, addMinutes, format, startOfDay, startOfHour, startOfMinute } from 'date-fns';
import { STACKED_STATUSES, totalsOf } from './chart-format';

/**
 * The periods the traffic chart offers. A week in one-minute buckets would be 10,080 points while
 * the server answers at most 1,440, so it is read in ten-minute buckets (1,008 points).
 */
export const CHART_RANGES = [
  {
    key: '1h',
    label: '1 h',
    hours: 1,
    bucketMinutes: 1,
    rateMinutes: 5,
    title: 'Entregas por minuto',
    rateTitle: 'Taxa de sucesso a cada 5 minutos',
  },
  {
    key: '24h',
    label: '24 h',
    hours: 24,
    bucketMinutes: 1,
    rateMinutes: 60,
    title: 'Entregas por minuto',
    rateTitle: 'Taxa de sucesso por hora',
  },
  {
    key: '7d',
    label: '7 d',
    hours: 168,
    bucketMinutes: 10,
    rateMinutes: 360,
    title: 'Entregas a cada 10 minutos',
    rateTitle: 'Taxa de sucesso a cada 6 horas',
  },
] as const;

export type ChartRange = (typeof CHART_RANGES)[number];
export type ChartRangeKey = ChartRange['key'];

/** Tick spacings a reader counts in without effort, in minutes. */
const ROUND_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] as const;
/** More ticks than this crowd a phone-wide axis. */
const MAX_TICKS = 8;
/** A young install's chart still spans this many buckets, so one minute of data is not one bar. */
const MIN_BUCKETS = 10;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/** The smallest round tick spacing (minutes) that puts at most MAX_TICKS ticks on `spanMs`. */
export function pickTickStep(spanMs: number): number {
  const spanMinutes = spanMs / MINUTE_MS;
  return ROUND_STEPS.find((step) => spanMinutes / step <= MAX_TICKS) ?? DAY_MINUTES;
}

/** `time` taken down to a round multiple of `stepMinutes` on the browser's clock (whole days at midnight). */
export function floorToStep(time: number, stepMinutes: number): number {
  if (stepMinutes >= DAY_MINUTES) return startOfDay(time).getTime();
  if (stepMinutes >= 60) {
    const hour = startOfHour(time);
    const hours = stepMinutes / 60;
    return hour.setHours(Math.floor(hour.getHours() / hours) * hours);
  }
  const minute = startOfMinute(time);
  return minute.setMinutes(Math.floor(minute.getMinutes() / stepMinutes) * stepMinutes);
}

/** The round times of `stepMinutes` from `start` to `end`, both included. */
export function listTicks(start: number, end: number, stepMinutes: number): number[] {
  const ticks: number[] = [];
  let tick = floorToStep(start, stepMinutes);
  if (tick < start) tick = nextTick(tick, stepMinutes);
  while (tick <= end) {
    ticks.push(tick);
    tick = nextTick(tick, stepMinutes);
  }
  return ticks;
}

// Days are added as calendar days, so a daylight-saving change keeps the ticks at midnight.
const nextTick = (tick: number, stepMinutes: number) =>
  stepMinutes >= DAY_MINUTES
    ? addDays(tick, 1).getTime()
    : floorToStep(addMinutes(tick, stepMinutes).getTime(), stepMinutes);

const hasTraffic = (point: TDeliveryStatsPoint) => STACKED_STATUSES.some(({ key }) => point[key] > 0);

export type ChartPoint = TDeliveryStatsPoint & { time: number };
export type ChartView = {
  points: ChartPoint[];
  domain: [number, number];
  ticks: number[];
  tickStep: number;
};

/**
 * What the chart draws of a period's buckets: from the first bucket with traffic (taken down to a
 * round tick) when the data is younger than the period, else the whole period; ticks on round times.
 */
export function buildChartView(points: readonly TDeliveryStatsPoint[], bucketMinutes: number): ChartView {
  const timed = points.map((point) => ({ ...point, time: Date.parse(point.at) }));
  const first = timed[0]?.time ?? 0;
  const end = (timed.at(-1)?.time ?? 0) + bucketMinutes * MINUTE_MS;
  const firstTraffic = timed.find(hasTraffic)?.time ?? first;
  const latestStart = end - MIN_BUCKETS * bucketMinutes * MINUTE_MS;
  const dataStart = Math.min(firstTraffic, latestStart);
  const start = Math.max(first, floorToStep(dataStart, pickTickStep(end - dataStart)));
  const tickStep = pickTickStep(end - start);
  return {
    points: timed.filter((point) => point.time >= start),
    domain: [start, end],
    ticks: listTicks(start, end, tickStep),
    tickStep,
  };
}

/** `points` added up per round `stepMinutes` on the browser's clock; percentiles are left out. */
export function mergeByStep(points: readonly ChartPoint[], stepMinutes: number): ChartPoint[] {
  const groups = new Map<number, ChartPoint[]>();
  for (const point of points) {
    const key = floorToStep(point.time, stepMinutes);
    groups.set(key, [...(groups.get(key) ?? []), point]);
  }
  return [...groups].map(([time, group]) => ({
    at: new Date(time).toISOString(),
    time,
    ...totalsOf(group),
    p50Ms: null,
    p95Ms: null,
  }));
}

/** A tick as the axis shows it: the day for daily ticks, else the time of day. */
export const formatAxisTick = (time: number, tickStep: number) =>
  format(time, tickStep >= DAY_MINUTES ? 'dd/MM' : 'HH:mm');

/** A bucket's start in a tooltip. */
export const formatTooltipTime = (time: number) => format(time, 'dd/MM HH:mm');
