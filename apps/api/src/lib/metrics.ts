/**
 * A small Prometheus registry (text format 0.0.4): counters and gauges with
 * labels. Engines record into the registry on the context; /metrics renders it.
 */
type Labels = Record<string, string | number>;
type Series = Map<string, number>;
type SetGauge = (name: string, help: string, value: number, labels?: Labels) => void;
/** Reads values on demand and records them through `set`, so a failure can leave them out. */
type Collector = (set: SetGauge) => void | Promise<void>;

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelKey = (labels: Labels) =>
  Object.keys(labels)
    .sort()
    .map((name) => `${name}="${escapeLabel(String(labels[name]))}"`)
    .join(',');

export function createMetrics() {
  const families = new Map<string, { type: 'counter' | 'gauge'; help: string; series: Series }>();
  const collectors: Array<{ collector: Collector; names: Set<string> }> = [];

  const family = (name: string, type: 'counter' | 'gauge', help: string) => {
    let found = families.get(name);
    if (!found) {
      found = { type, help, series: new Map() };
      families.set(name, found);
    }
    return found;
  };

  const increment = (name: string, help: string, labels: Labels = {}, by = 1) => {
    const series = family(name, 'counter', help).series;
    const key = labelKey(labels);
    series.set(key, (series.get(key) ?? 0) + by);
  };
  const set: SetGauge = (name, help, value, labels = {}) => {
    family(name, 'gauge', help).series.set(labelKey(labels), value);
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
        for (const name of names) families.delete(name);
        increment(
          'webhook_metrics_collect_errors_total',
          'Collectors that failed during a scrape; their series were left out of it',
        );
        continue;
      }
      // A collector's series are what it reports now: one it no longer reports (a label gone) goes.
      for (const name of names) families.delete(name);
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
    /** Runs before each render, for values read on demand (memory, queue depth). */
    collect(collector: Collector) {
      collectors.push({ collector, names: new Set() });
    },
    /** `onCollectorFailures` hears, once per render, of the collectors that failed in it. */
    async render(onCollectorFailures?: (failures: unknown[]) => void): Promise<string> {
      const failures = await runCollectors();
      if (failures.length > 0) onCollectorFailures?.(failures);
      const lines: string[] = [];
      for (const [name, { type, help, series }] of families) {
        lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
        for (const [key, value] of series) lines.push(`${name}${key ? `{${key}}` : ''} ${value}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
