import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus registry (prom-client): counters, gauges and histograms named and
 * labelled by their first use, plus prom-client's process and event-loop metrics. Engines record
 * into the registry on the context; /metrics renders it. Label values must come from small fixed
 * sets (a status, a route template, a queue backend), never ids: each value is a series.
 */
type Labels = Record<string, string | number>;
type SetGauge = (name: string, help: string, value: number, labels?: Labels) => void;
/** Reads values on demand and records them through `set`, so a failure can leave them out. */
type Collector = (set: SetGauge) => void | Promise<void>;

/** Seconds: from a fast local answer to a slow target (the delivery timeout is 30 s by default). */
export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: from an at-once delivery to one that went through hours of retries. */
export const LATENCY_SECONDS_BUCKETS = [
  0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 14_400, 86_400,
];

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const counters = new Map<string, Counter>();
  const gauges = new Map<string, Gauge>();
  const histograms = new Map<string, Histogram>();
  /** The histogram series shown at zero: once each, so a second call cannot wipe what was counted since. */
  const zeroed = new Set<string>();
  const collectors: Array<{ collector: Collector; names: Set<string> }> = [];

  const counterOf = (name: string, help: string, labels: Labels) => {
    let found = counters.get(name);
    if (!found) {
      found = new Counter({ name, help, labelNames: Object.keys(labels), registers: [registry] });
      counters.set(name, found);
    }
    return found;
  };
  const gaugeOf = (name: string, help: string, labels: Labels) => {
    let found = gauges.get(name);
    if (!found) {
      found = new Gauge({ name, help, labelNames: Object.keys(labels), registers: [registry] });
      gauges.set(name, found);
    }
    return found;
  };
  const histogramOf = (name: string, help: string, labels: Labels, buckets: number[]) => {
    let found = histograms.get(name);
    if (!found) {
      found = new Histogram({ name, help, labelNames: Object.keys(labels), buckets, registers: [registry] });
      histograms.set(name, found);
    }
    return found;
  };

  const increment = (name: string, help: string, labels: Labels = {}, by = 1) => {
    counterOf(name, help, labels).inc(labels, by);
  };
  const set: SetGauge = (name, help, value, labels = {}) => {
    gaugeOf(name, help, labels).set(labels, value);
  };
  const dropGauge = (name: string) => {
    gauges.delete(name);
    registry.removeSingleMetric(name);
  };

  /**
   * Runs every collector; one that fails loses its series for this scrape (a last value would
   * pass for a current one) instead of failing the whole exposition. Answers the failures.
   */
  const runCollectors = async () => {
    const failures: unknown[] = [];
    for (const { collector, names } of collectors) {
      const values: Array<Parameters<SetGauge>> = [];
      try {
        await collector((...value) => values.push(value));
      } catch (error) {
        failures.push(error);
        for (const name of names) dropGauge(name);
        names.clear();
        increment(
          'webhook_metrics_collect_errors_total',
          'Collectors that failed during a scrape; their series were left out of it',
        );
        continue;
      }
      // Only this scrape's series: one no longer reported is not left at its old value.
      const reported = new Set(values.map(([name]) => name));
      for (const name of names) {
        if (reported.has(name)) gauges.get(name)?.reset();
        else dropGauge(name);
      }
      names.clear();
      for (const value of values) {
        set(...value);
        names.add(value[0]);
      }
    }
    return failures;
  };

  return {
    increment,
    set,
    /** One observation of a histogram; `buckets` (upper bounds) are fixed by its first use. */
    observe(
      name: string,
      help: string,
      value: number,
      labels: Labels = {},
      buckets = REQUEST_SECONDS_BUCKETS,
    ) {
      histogramOf(name, help, labels, buckets).observe(labels, value);
    },
    /**
     * Shows a histogram's series at zero before its first observation, so a dashboard reading it
     * has data from the start; `buckets` as for `observe`. A counter starts at zero with `increment(…, 0)`.
     */
    zeroHistogram(name: string, help: string, labels: Labels = {}, buckets = REQUEST_SECONDS_BUCKETS) {
      const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
      if (zeroed.has(series)) return;
      zeroed.add(series);
      histogramOf(name, help, labels, buckets).zero(labels);
    },
    /** Runs before each render, for values read on demand (queue depth, backlog). */
    collect(collector: Collector) {
      collectors.push({ collector, names: new Set() });
    },
    contentType: registry.contentType,
    /** `onCollectorFailures` hears, once per render, of the collectors that failed in it. */
    async render(onCollectorFailures?: (failures: unknown[]) => void): Promise<string> {
      const failures = await runCollectors();
      if (failures.length > 0) onCollectorFailures?.(failures);
      return registry.metrics();
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
