/**
 * Which waiting delivery gets the next free send slot: one FIFO queue per subscription, served
 * round-robin, each target host held to its share of the slots while others wait. Pure: no
 * timers, no I/O; the caller says which subscriptions may send now (circuit, rate limit).
 */

/** A host whose recent answers came back within this (on average) may borrow idle slots. */
export const QUICK_ANSWER_MS = 1_000;
/** Weight of the newest answer in a host's average answer time. */
const EWMA_WEIGHT = 0.2;
/** A quick subscription's backlog (waiting and sending) may reach this many times its limit. */
export const BACKLOG_FACTOR = 4;

export type Endpoint = {
  subscriptionId: string;
  host: string;
  maxInFlight: number | null;
  rateLimitPerSecond: number | null;
};

type SubscriptionQueue<T> = {
  endpoint: Endpoint;
  waiting: T[];
  /** Index of the first waiting item (the array is compacted now and then). */
  head: number;
  inFlight: number;
};

/** A host as every path of one process sees it: sends in flight and how fast it answers. */
export type HostLoad = { inFlight: number; held: number; averageMs: number | null };

export type FairQueues<T> = {
  add(item: T, endpoint: Endpoint): void;
  /**
   * The next item to send, counted in flight, or null: round-robin over the subscriptions that
   * may send (`maySend`) and are under their maxInFlight, first those whose host is under its
   * share, then (work-conserving) a quick host's over it.
   */
  next(maySend: MaySend): T | null;
  /** A send of `endpoint` ended after `durationMs` (null: abandoned, no answer time). */
  finished(endpoint: Endpoint, durationMs: number | null): void;
  /** Takes the waiting items of these subscriptions out (to give them back). */
  takeWaiting(subscriptionIds?: Iterable<string>): T[];
  /** Whether `count` more items of the subscription fit in its backlog. */
  hasRoom(endpoint: Endpoint, count: number): boolean;
  /** Counts an item sent at once, whatever the limits (a circuit's probe). */
  startNow(endpoint: Endpoint): void;
  /** Subscriptions (known here) whose backlog, or whose host's, is full: the claim skips them. */
  fullSubscriptions(): string[];
  readonly waiting: number;
  readonly inFlight: number;
  /** In-flight sends per subscription (for metrics). */
  inFlightBySubscription(): Map<string, number>;
};

/** Whether the subscription may send now (its circuit, its rate limit), given how many of it wait. */
export type MaySend = (endpoint: Endpoint, waiting: number) => boolean;

export type FairQueueOptions = { concurrency: number; share: number };

/** One process's view of its target hosts, shared by its queues so both paths see the same speed. */
export function createHostLoads() {
  const hosts = new Map<string, HostLoad>();
  const of = (host: string): HostLoad => {
    let load = hosts.get(host);
    if (!load) {
      load = { inFlight: 0, held: 0, averageMs: null };
      hosts.set(host, load);
    }
    return load;
  };
  return {
    of,
    /** An answer (or a timeout) of `host` took `durationMs`. */
    observe(host: string, durationMs: number) {
      const load = of(host);
      load.averageMs =
        load.averageMs === null ? durationMs : load.averageMs + EWMA_WEIGHT * (durationMs - load.averageMs);
    },
    isQuick(host: string) {
      const averageMs = hosts.get(host)?.averageMs ?? null;
      return averageMs !== null && averageMs < QUICK_ANSWER_MS;
    },
  };
}
export type HostLoads = ReturnType<typeof createHostLoads>;

/** How many of a subscription may be held here (waiting and sending), so a waiting one starts well within its lease. */
export function backlogLimit(endpoint: Endpoint, isQuick: boolean, options: FairQueueOptions): number {
  const { rateLimitPerSecond } = endpoint;
  const ownLimit = endpoint.maxInFlight ?? options.concurrency;
  // A slow or unknown host: one wave sending and one waiting.
  const limit = isQuick ? ownLimit * BACKLOG_FACTOR : 2 * Math.min(ownLimit, options.share);
  // Rate-limited: about two seconds of sends.
  return rateLimitPerSecond ? Math.min(limit, Math.max(1, Math.ceil(rateLimitPerSecond * 2))) : limit;
}

export function createFairQueues<T>(options: FairQueueOptions, hosts: HostLoads): FairQueues<T> {
  const queues = new Map<string, SubscriptionQueue<T>>();
  /** Subscriptions with waiting items, in service order; `cursor` is the next to look at. */
  let ring: string[] = [];
  let cursor = 0;
  let waiting = 0;
  let inFlight = 0;

  const queueOf = (endpoint: Endpoint) => {
    let queue = queues.get(endpoint.subscriptionId);
    if (!queue) {
      queue = { endpoint, waiting: [], head: 0, inFlight: 0 };
      queues.set(endpoint.subscriptionId, queue);
    } else queue.endpoint = endpoint;
    return queue;
  };
  const waitingIn = (queue: SubscriptionQueue<T>) => queue.waiting.length - queue.head;
  const forget = (queue: SubscriptionQueue<T>) => {
    if (queue.inFlight === 0 && waitingIn(queue) === 0) queues.delete(queue.endpoint.subscriptionId);
  };

  const pick = (maySend: MaySend, isBorrowing: boolean): number => {
    for (let step = 0; step < ring.length; step++) {
      const index = (cursor + step) % ring.length;
      const queue = queues.get(ring[index] as string);
      if (!queue || waitingIn(queue) === 0) continue;
      const { endpoint } = queue;
      if (endpoint.maxInFlight !== null && queue.inFlight >= endpoint.maxInFlight) continue;
      const host = hosts.of(endpoint.host);
      const isUnderShare = host.inFlight < options.share;
      if (isBorrowing ? isUnderShare || !hosts.isQuick(endpoint.host) : !isUnderShare) continue;
      if (!maySend(endpoint, waitingIn(queue))) continue;
      return index;
    }
    return -1;
  };

  const takeFrom = (index: number): T => {
    const queue = queues.get(ring[index] as string) as SubscriptionQueue<T>;
    const item = queue.waiting[queue.head] as T;
    queue.head += 1;
    if (queue.head > 64 && queue.head * 2 > queue.waiting.length) {
      queue.waiting = queue.waiting.slice(queue.head);
      queue.head = 0;
    }
    waiting -= 1;
    queue.inFlight += 1;
    inFlight += 1;
    const host = hosts.of(queue.endpoint.host);
    host.inFlight += 1;
    if (waitingIn(queue) === 0) {
      ring.splice(index, 1);
      cursor = ring.length === 0 ? 0 : index % ring.length;
    } else cursor = (index + 1) % ring.length;
    return item;
  };

  const hasRoom = (endpoint: Endpoint, count: number) => {
    const queue = queues.get(endpoint.subscriptionId);
    const held = queue ? queue.inFlight + waitingIn(queue) : 0;
    const isQuick = hosts.isQuick(endpoint.host);
    if (held + count > backlogLimit(endpoint, isQuick, options)) return false;
    return isQuick || hosts.of(endpoint.host).held + count <= 2 * options.share;
  };

  return {
    add(item, endpoint) {
      const queue = queueOf(endpoint);
      if (waitingIn(queue) === 0) ring.push(endpoint.subscriptionId);
      queue.waiting.push(item);
      waiting += 1;
      hosts.of(endpoint.host).held += 1;
    },
    next(maySend) {
      if (inFlight >= options.concurrency || waiting === 0) return null;
      let index = pick(maySend, false);
      if (index < 0) index = pick(maySend, true);
      return index < 0 ? null : takeFrom(index);
    },
    finished(endpoint, durationMs) {
      const queue = queues.get(endpoint.subscriptionId);
      if (queue) {
        queue.inFlight -= 1;
        forget(queue);
      }
      inFlight -= 1;
      const host = hosts.of(endpoint.host);
      host.inFlight -= 1;
      host.held -= 1;
      if (durationMs !== null) hosts.observe(endpoint.host, durationMs);
    },
    takeWaiting(subscriptionIds) {
      const ids = subscriptionIds ? [...subscriptionIds] : [...queues.keys()];
      const taken: T[] = [];
      for (const id of ids) {
        const queue = queues.get(id);
        if (!queue || waitingIn(queue) === 0) continue;
        const items = queue.waiting.slice(queue.head);
        taken.push(...items);
        queue.waiting = [];
        queue.head = 0;
        waiting -= items.length;
        hosts.of(queue.endpoint.host).held -= items.length;
        forget(queue);
      }
      ring = ring.filter((id) => {
        const queue = queues.get(id);
        return queue !== undefined && waitingIn(queue) > 0;
      });
      cursor = ring.length === 0 ? 0 : cursor % ring.length;
      return taken;
    },
    startNow(endpoint) {
      queueOf(endpoint).inFlight += 1;
      inFlight += 1;
      const host = hosts.of(endpoint.host);
      host.inFlight += 1;
      host.held += 1;
    },
    hasRoom,
    fullSubscriptions() {
      const full: string[] = [];
      for (const [id, queue] of queues) {
        if (!hasRoom(queue.endpoint, 1)) full.push(id);
      }
      return full;
    },
    get waiting() {
      return waiting;
    },
    get inFlight() {
      return inFlight;
    },
    inFlightBySubscription() {
      const counts = new Map<string, number>();
      for (const [id, queue] of queues) if (queue.inFlight > 0) counts.set(id, queue.inFlight);
      return counts;
    },
  };
}

/** A host's share of `concurrency` slots: `percent` of them, at least one. */
export const shareOf = (concurrency: number, percent: number) =>
  Math.max(1, Math.floor((concurrency * percent) / 100));

/** `host:port` of a target URL (the unit of the slot share); the URL itself if it does not parse. */
export function targetHostOf(targetUrl: string): string {
  try {
    const url = new URL(targetUrl);
    return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return targetUrl;
  }
}
