import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

describe('metrics registry', () => {
  it('When counters, gauges and histograms are recorded, then they render in Prometheus text format with escaped labels', async () => {
    const metrics = createMetrics();
    metrics.increment('http_requests_total', 'Requests', { method: 'GET', status: 200 });
    metrics.increment('http_requests_total', 'Requests', { status: 200, method: 'GET' }, 2);
    metrics.set('queue_depth', 'Depth', 7, { queue: 'a"b' });
    metrics.observe('attempt_seconds', 'Attempts', 0.02, { status: 'SUCCESS' }, [0.01, 0.1]);
    metrics.observe('attempt_seconds', 'Attempts', 0.5, { status: 'SUCCESS' }, [0.01, 0.1]);
    metrics.collect((set) => set('process_up', 'Up', 1));
    const text = await metrics.render();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('http_requests_total{method="GET",status="200"} 3');
    expect(text).toContain('queue_depth{queue="a\\"b"} 7');
    expect(text).toContain('process_up 1');
    expect(text).toContain('attempt_seconds_bucket{le="0.01",status="SUCCESS"} 0');
    expect(text).toContain('attempt_seconds_bucket{le="0.1",status="SUCCESS"} 1');
    expect(text).toContain('attempt_seconds_bucket{le="+Inf",status="SUCCESS"} 2');
    expect(text).toContain('attempt_seconds_count{status="SUCCESS"} 2');
    // prom-client's process and event-loop metrics come along.
    const names = parsePrometheusTextFormat(text).map((family) => family.name);
    expect(names).toEqual(
      expect.arrayContaining(['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds']),
    );
  });

  it('When a histogram series is zeroed, then it renders at zero, and zeroing it again keeps what it counted since', async () => {
    const metrics = createMetrics();
    metrics.zeroHistogram('lag_seconds', 'Lag', { backend: 'database' }, [0.1, 1]);
    expect(await metrics.render()).toContain('lag_seconds_count{backend="database"} 0');
    expect(await metrics.render()).toContain('lag_seconds_bucket{le="+Inf",backend="database"} 0');

    metrics.observe('lag_seconds', 'Lag', 0.5, { backend: 'database' }, [0.1, 1]);
    metrics.zeroHistogram('lag_seconds', 'Lag', { backend: 'database' }, [0.1, 1]);
    expect(await metrics.render()).toContain('lag_seconds_count{backend="database"} 1');
  });

  it('When a collector fails, then its series are left out of that scrape and back once it answers again', async () => {
    const metrics = createMetrics();
    let isFailing = false;
    let statuses = ['PENDING', 'RETRYING'];
    metrics.collect((set) => {
      if (isFailing) throw new Error('banco fora do ar');
      for (const status of statuses) set('due', 'Due', 4, { status });
    });
    expect(await metrics.render()).toContain('due{status="RETRYING"} 4');

    isFailing = true;
    const failures: unknown[][] = [];
    const degraded = await metrics.render((failed) => failures.push(failed));
    expect(degraded).not.toMatch(/^due/m);
    expect(degraded).toContain('webhook_metrics_collect_errors_total 1');
    expect(failures).toHaveLength(1);

    isFailing = false;
    statuses = ['PENDING'];
    const recovered = await metrics.render();
    expect(recovered).toContain('due{status="PENDING"} 4');
    // A label value the collector no longer reports is gone rather than stale.
    expect(recovered).not.toContain('due{status="RETRYING"}');
  });
});
