import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context';
import { type ChangeChannel, onLocalChange } from './change-channel';

export type ChangeCache<K, V> = {
  /**
   * The value of `key`: kept while nothing on the channel changes, loaded otherwise. `atLeastVersion`
   * is the channel's version the caller read after a change it must see had committed: a cache
   * that has not heard of that version yet forgets everything first.
   */
  get(key: K, atLeastVersion?: number): Promise<V>;
  /** Stops listening and forgets everything; later reads load every time. */
  stop(): Promise<void>;
};

export type ChangeCacheOptions<K, V> = {
  channel: ChangeChannel;
  /** Names the cache in the warning logged while it cannot listen. */
  label: string;
  keyOf(key: K): string;
  load(key: K): Promise<V>;
  /** Keys kept at most; past it the least recently read is forgotten. */
  maxEntries: number;
};

/**
 * Values per key, in this process, emptied by any change on `channel`: this process's changes at
 * once, every process's through the database notification (which also fires after a reconnection,
 * when one may have been missed). No timer: an unchanged value stays for as long as the process
 * lives. Until the listening connection is up nothing is kept, since a change could not be heard.
 * A channel whose notifications carry its version (a count of committed changes) lets readers order
 * a change before work queued after it: see `get`'s `atLeastVersion`.
 */
export function createChangeCache<K, V>(
  ctx: Pick<AppContext, 'database' | 'logger' | 'localChanges'>,
  options: ChangeCacheOptions<K, V>,
): ChangeCache<K, V> {
  const { channel, label, keyOf, load, maxEntries } = options;
  const entries = new LRUCache<string, Promise<V>>({ max: maxEntries });
  const forget = () => entries.clear();
  /** The highest version heard of: every entry kept was loaded after it had committed. */
  let knownVersion = 0;
  const hearVersion = (version: number) => {
    if (version <= knownVersion) return;
    knownVersion = version;
    forget();
  };
  // Without a version (a channel that has none, or the call after a reconnection) it is a change.
  const onNotify = (payload?: string) =>
    payload && /^\d+$/.test(payload) ? hearVersion(Number(payload)) : forget();
  const stopLocal = onLocalChange(ctx, channel, forget);
  let isListening = false;
  let isStopped = false;
  const listening = ctx.database.listen(channel, onNotify, (error) =>
    ctx.logger.warn({ err: error, cache: label }, 'cache cannot listen for changes; trying again'),
  );
  void listening.ready.then(() => {
    if (isStopped) return;
    isListening = true;
    forget();
  });

  return {
    get(key, atLeastVersion) {
      if (atLeastVersion !== undefined) hearVersion(atLeastVersion);
      if (!isListening || isStopped) return load(key);
      const name = keyOf(key);
      const cached = entries.get(name);
      if (cached) return cached;
      // Stored before it resolves: a change meanwhile clears it, so a load that may have read the
      // old state is used by the callers already waiting on it and by no later one.
      const loading = load(key);
      entries.set(name, loading);
      loading.catch(() => {
        if (entries.peek(name) === loading) entries.delete(name);
      });
      return loading;
    },
    async stop() {
      isStopped = true;
      stopLocal();
      forget();
      await listening.stop();
    },
  };
}

/**
 * A change cache that listens (a connection of its own on PostgreSQL) from its first read, not
 * from its creation: a context that never reads it holds no connection. Once stopped, every read
 * loads.
 */
export function createChangeCacheOnFirstRead<K, V>(
  ctx: Pick<AppContext, 'database' | 'logger' | 'localChanges'>,
  options: ChangeCacheOptions<K, V>,
): ChangeCache<K, V> {
  let cache: ChangeCache<K, V> | null = null;
  let isStopped = false;
  return {
    get(key, atLeastVersion) {
      if (isStopped) return options.load(key);
      cache ??= createChangeCache(ctx, options);
      return cache.get(key, atLeastVersion);
    },
    async stop() {
      isStopped = true;
      await cache?.stop();
      cache = null;
    },
  };
}
