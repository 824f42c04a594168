/**
 * A small Prometheus registry (text format 0.0.4): counters and gauges with
 * labels. Engines record into the registry on the context; /metrics renders it.
 */
type Labels = Record<string, string | number>;
type Series = Map<string, number>;

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelKey = (labels: Labels) =>
  Object.keys(labels)
    .sort()
    .map((name) => `${name}="${escapeLabel(String(labels[name]))}"`)
    .join(',');

export function createMetrics() {
  const families = new Map<string, { type: 'counter' | 'gauge'; help: string; series: Series }>();
  const collectors: Array<() => void | Promise<void>> = [];

  const family = (name: string, type: 'counter' | 'gauge', help: string) => {
    let found = families.get(name);
    if (!found) {
      found = { type, help, series: new Map() };
      families.set(name, found);
    }
    return found;
  };

  return {
    increment(name: string, help: string, labels: Labels = {}, by = 1) {
      const series = family(name, 'counter', help).series;
      const key = labelKey(labels);
      series.set(key, (series.get(key) ?? 0) + by);
    },
    set(name: string, help: string, value: number, labels: Labels = {}) {
      family(name, 'gauge', help).series.set(labelKey(labels), value);
    },
    /** Runs before each render, for values read on demand (memory, queue depth). */
    collect(collector: () => void | Promise<void>) {
      collectors.push(collector);
    },
    async render(): Promise<string> {
      for (const collector of collectors) await collector();
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
