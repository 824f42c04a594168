import { describe, expect, it } from 'vitest';
import { createFairQueues, createHostLoads, type Endpoint, type MaySend, targetHostOf } from './fair-queues';

const endpoint = (
  subscriptionId: string,
  host = subscriptionId,
  maxInFlight: number | null = null,
): Endpoint => ({
  subscriptionId,
  host,
  maxInFlight,
  rateLimitPerSecond: null,
});
const always: MaySend = () => true;

/** Starts everything it can and answers the subscriptions of what started, in order. */
function drain(queues: ReturnType<typeof createFairQueues<string>>, maySend = always) {
  const started: string[] = [];
  for (let next = queues.next(maySend); next; next = queues.next(maySend)) started.push(next);
  return started;
}

describe('fair queues', () => {
  it('When a slow host has a backlog, then it holds only its share and a newcomer starts at once', () => {
    const queues = createFairQueues<string>({ concurrency: 8, share: 2 }, createHostLoads());
    for (let i = 0; i < 20; i++) queues.add(`a${i}`, endpoint('a'));
    expect(drain(queues)).toEqual(['a0', 'a1']);
    queues.add('b0', endpoint('b'));
    expect(drain(queues)).toEqual(['b0']);
  });

  it('When only a quick host has work, then it borrows the whole pool (work-conserving)', () => {
    const hosts = createHostLoads();
    hosts.observe('a', 5);
    const queues = createFairQueues<string>({ concurrency: 8, share: 2 }, hosts);
    for (let i = 0; i < 20; i++) queues.add(`a${i}`, endpoint('a'));
    expect(drain(queues)).toHaveLength(8);
  });

  it('When a quick host borrows the pool and another endpoint comes, then the freed slot goes to the newcomer', () => {
    const hosts = createHostLoads();
    hosts.observe('a', 5);
    const queues = createFairQueues<string>({ concurrency: 4, share: 2 }, hosts);
    for (let i = 0; i < 8; i++) queues.add(`a${i}`, endpoint('a'));
    expect(drain(queues)).toEqual(['a0', 'a1', 'a2', 'a3']);
    queues.add('b0', endpoint('b'));
    queues.add('b1', endpoint('b'));
    expect(drain(queues)).toEqual([]);
    queues.finished(endpoint('a'), 5);
    expect(drain(queues)).toEqual(['b0']);
    queues.finished(endpoint('a'), 5);
    expect(drain(queues)).toEqual(['b1']);
  });

  it('When subscriptions share a host, then the host share bounds them together', () => {
    const queues = createFairQueues<string>({ concurrency: 8, share: 3 }, createHostLoads());
    for (let i = 0; i < 5; i++) {
      queues.add(`x${i}`, endpoint('x', 'same'));
      queues.add(`y${i}`, endpoint('y', 'same'));
    }
    expect(drain(queues)).toEqual(['x0', 'y0', 'x1']);
  });

  it('When a subscription sets maxInFlight or may not send, then it waits and the others go on', () => {
    const queues = createFairQueues<string>({ concurrency: 8, share: 4 }, createHostLoads());
    for (let i = 0; i < 3; i++) queues.add(`m${i}`, endpoint('m', 'm', 1));
    for (let i = 0; i < 2; i++) queues.add(`o${i}`, endpoint('o'));
    for (let i = 0; i < 2; i++) queues.add(`c${i}`, endpoint('c'));
    expect(drain(queues, (target) => target.subscriptionId !== 'c')).toEqual(['m0', 'o0', 'o1']);
    expect(queues.waiting).toBe(4);
    expect(queues.takeWaiting(['c'])).toEqual(['c0', 'c1']);
    queues.finished(endpoint('m', 'm', 1), 10);
    expect(drain(queues)).toEqual(['m1']);
  });

  it('When a backlog is full, then it has no room and the claim skips it; a quick host holds more', () => {
    const hosts = createHostLoads();
    const queues = createFairQueues<string>({ concurrency: 8, share: 2 }, hosts);
    for (let i = 0; i < 4; i++) queues.add(`a${i}`, endpoint('a'));
    expect(queues.hasRoom(endpoint('a'), 1)).toBe(false);
    expect(queues.fullSubscriptions()).toEqual(['a']);
    hosts.observe('a', 5);
    expect(queues.hasRoom(endpoint('a'), 1)).toBe(true);
    expect(queues.fullSubscriptions()).toEqual([]);
  });

  it('When target URLs are read, then the host includes its port, default or given', () => {
    expect(targetHostOf('https://Example.com/a')).toBe('example.com:443');
    expect(targetHostOf('http://127.0.0.1:8080/x')).toBe('127.0.0.1:8080');
    expect(targetHostOf('http://example.com')).toBe('example.com:80');
  });
});
