declare module 'parse-prometheus-text-format' {
  /** One sample: a value, or a histogram's buckets (upper bound → cumulative count), count and sum. */
  export type PrometheusSample = {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type PrometheusFamily = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  };
  /** Parses Prometheus text exposition (format 0.0.4) into metric families; throws on a line it cannot read. */
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
