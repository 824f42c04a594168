import type { TDeliveryStatsPoint } from '@wm/contracts';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  buildChartView,
  CHART_RANGES,
  floorToStep,
  listTicks,
  mergeByStep,
  pickTickStep,
} from '../chart-range';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** `count` buckets of `bucketMinutes` ending at `end`, with one success in the buckets `busy` picks. */
function bucketsUntil(end: Date, count: number, bucketMinutes: number, busy: (index: number) => boolean) {
  const points: TDeliveryStatsPoint[] = [];
  for (let index = 0; index < count; index += 1) {
    const at = new Date(end.getTime() - (count - index) * bucketMinutes * MINUTE_MS).toISOString();
    const success = busy(index) ? 1 : 0;
    points.push({
      at,
      SUCCESS: success,
      RETRYING: 0,
      FAILED: 0,
      PENDING: 0,
      IGNORED: 0,
      p50Ms: null,
      p95Ms: null,
    });
  }
  return points;
}

const clock = (times: number[]) => times.map((time) => format(time, 'HH:mm'));
// A moment off any round time, so that a tick on it would read like '22:54'.
const now = new Date(2026, 10, 28, 22, 54);

describe('chart ranges', () => {
  it('When a range is offered, then the server answers it in at most 1,440 points', () => {
    for (const range of CHART_RANGES)
      expect((range.hours * 60) / range.bucketMinutes).toBeLessThanOrEqual(1440);
    expect(CHART_RANGES.map((range) => range.label)).toEqual(['1 h', '24 h', '7 d']);
  });

  it('When a whole hour, day or week has traffic, then ticks fall every 10 min, every 3 h and every day', () => {
    expect(pickTickStep(HOUR_MS)).toBe(10);
    expect(pickTickStep(24 * HOUR_MS)).toBe(180);
    expect(pickTickStep(168 * HOUR_MS)).toBe(1440);

    const hour = buildChartView(
      bucketsUntil(now, 60, 1, () => true),
      1,
    );
    expect(clock(hour.ticks)).toEqual(['22:00', '22:10', '22:20', '22:30', '22:40', '22:50']);

    const day = buildChartView(
      bucketsUntil(now, 1440, 1, () => true),
      1,
    );
    expect(clock(day.ticks)).toEqual([
      '00:00',
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
    ]);
    expect(day.domain[1] - day.domain[0]).toBe(24 * HOUR_MS);

    const week = buildChartView(
      bucketsUntil(new Date(2026, 10, 28, 23, 0), 1008, 10, () => true),
      10,
    );
    expect(week.ticks).toHaveLength(7);
    expect(clock(week.ticks)).toEqual(Array(7).fill('00:00'));
  });

  it('When the data is younger than the range, then the chart starts at the data on a round time', () => {
    // Traffic only in the last 40 minutes of a day's buckets.
    const day = buildChartView(
      bucketsUntil(now, 1440, 1, (index) => index >= 1400),
      1,
    );
    expect(format(day.domain[0], 'HH:mm')).toBe('22:10');
    expect(day.points[0]?.at).toBe(new Date(day.domain[0]).toISOString());
    expect(clock(day.ticks)).toEqual(['22:10', '22:20', '22:30', '22:40', '22:50']);
  });

  it('When only the last minute has traffic, then the chart still spans ten buckets', () => {
    const view = buildChartView(
      bucketsUntil(now, 1440, 1, (index) => index === 1439),
      1,
    );
    expect(view.domain[1] - view.domain[0]).toBeGreaterThanOrEqual(10 * MINUTE_MS);
    expect(view.points.length).toBeGreaterThanOrEqual(10);
  });

  it('When nothing happened, then the whole range shows', () => {
    const view = buildChartView(
      bucketsUntil(now, 60, 1, () => false),
      1,
    );
    expect(view.domain[1] - view.domain[0]).toBe(HOUR_MS);
    expect(view.points).toHaveLength(60);
  });

  it('When ticks are listed, then each is a round time inside the range', () => {
    const start = new Date(2026, 10, 28, 9, 7).getTime();
    expect(clock(listTicks(start, start + 25 * MINUTE_MS, 5))).toEqual([
      '09:10',
      '09:15',
      '09:20',
      '09:25',
      '09:30',
    ]);
    expect(format(floorToStep(start, 180), 'HH:mm')).toBe('09:00');
    expect(format(floorToStep(start, 1440), 'HH:mm')).toBe('00:00');
  });

  it('When buckets are merged per hour, then each group starts on the hour and adds the counts', () => {
    const view = buildChartView(
      bucketsUntil(now, 120, 1, () => true),
      1,
    );
    const hourly = mergeByStep(view.points, 60);
    expect(clock(hourly.map((point) => point.time))).toEqual(['20:00', '21:00', '22:00']);
    expect(hourly.map((point) => point.SUCCESS)).toEqual([6, 60, 54]);
  });
});
