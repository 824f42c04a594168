import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import type { TestApp } from './test-app';

type Sample = { value: string; labels: Record<string, string> };

/** One scrape: each family's type, and each series' samples by sample name (`x_bucket`, `x_count`...). */
export type Scrape = { types: Map<string, string>; samples: Map<string, Sample[]> };

/**
 * GET /metrics, read by a Prometheus text-format parser, which throws on a line it cannot read.
 * That parser merges the series of a labelled histogram into one (their labels, count and sum
 * lost), so the samples are read a second time with the histogram TYPE lines left out: each
 * `_bucket`, `_count` and `_sum` series then comes back whole, with its labels.
 */
export async function scrapeMetrics(t: TestApp): Promise<Scrape> {
  const response = await t.get('/metrics', { token: null });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const text = response.body as string;
  const families = parsePrometheusTextFormat(text);
  const samples = new Map<string, Sample[]>();
  // Read this way, one series' lines come back as a family of their own, each name once per series.
  for (const family of parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram$/gm, ''))) {
    const read = family.metrics.map((sample) => ({ value: sample.value ?? '', labels: sample.labels ?? {} }));
    samples.set(family.name, [...(samples.get(family.name) ?? []), ...read]);
  }
  return { types: new Map(families.map((family) => [family.name, family.type])), samples };
}

/** The samples named `name` whose labels include `labels`. */
export const samplesOf = (scrape: Scrape, name: string, labels: Record<string, string> = {}) =>
  (scrape.samples.get(name) ?? []).filter((sample) =>
    Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );

/** The values of the matching samples summed (0 when none). */
export const totalOf = (scrape: Scrape, name: string, labels: Record<string, string> = {}) =>
  samplesOf(scrape, name, labels).reduce((total, sample) => total + Number(sample.value), 0);
