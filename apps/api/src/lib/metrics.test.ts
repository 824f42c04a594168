import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

describe('metrics registry', () => {
  it('When counters and gauges are recorded, then they render in Prometheus text format with sorted, escaped labels', async () => {
    const metrics = createMetrics();
    metrics.increment('http_requests_total', 'Requests', { status: 200, method: 'GET' });
    metrics.increment('http_requests_total', 'Requests', { method: 'GET', status: 200 }, 2);
    metrics.set('queue_depth', 'Depth', 7, { queue: 'a"b' });
    metrics.collect(() => metrics.set('process_up', 'Up', 1));
    const text = await metrics.render();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('http_requests_total{method="GET",status="200"} 3');
    expect(text).toContain('queue_depth{queue="a\\"b"} 7');
    expect(text).toContain('process_up 1');
  });
});
