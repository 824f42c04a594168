import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_TREE_KEYS,
  forgetDeletedRecord,
  invalidateKeys,
  queryKeys,
  RULE_TREE_KEYS,
} from '../query-keys';

const SOURCE_ROOT = join(__dirname, '..', '..');

function listSources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : listSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('cache keys', () => {
  it('When a source file names a cache key, then it comes from the key factories, never a literal', () => {
    const offenders = listSources(SOURCE_ROOT)
      .filter((path) => !path.endsWith(join('lib', 'query-keys.ts')))
      .flatMap((path) => {
        const text = readFileSync(path, 'utf8');
        const literalKeys =
          text.match(/queryKey: \[|setQueryData\(\[|invalidateQueries\(\)|predicate:/g) ?? [];
        return literalKeys.map((match) => `${relative(SOURCE_ROOT, path)}: ${match}`);
      });
    expect(offenders).toEqual([]);
  });

  it('When a change invalidates its keys, then only those queries go stale', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.events.detail('e1'), { id: 'e1' });
    queryClient.setQueryData(queryKeys.applications.list({ page: 1 }), []);
    queryClient.setQueryData(queryKeys.routes.detail('r1'), { id: 'r1' });
    queryClient.setQueryData(queryKeys.session.me(), { id: 'u1' });

    await invalidateKeys(queryClient, [queryKeys.events.all, queryKeys.applications.all]);

    const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(isStale(queryKeys.events.detail('e1'))).toBe(true);
    expect(isStale(queryKeys.applications.list({ page: 1 }))).toBe(true);
    expect(isStale(queryKeys.routes.detail('r1'))).toBe(false);
    expect(isStale(queryKeys.session.me())).toBe(false);
  });

  it('When an application or a rule changes, then what shows under it goes stale and nothing else', async () => {
    const queryClient = new QueryClient();
    const keys = {
      subscription: queryKeys.subscriptions.all,
      rule: queryKeys.eventRules.detail('rule-1'),
      eventType: queryKeys.routeEventTypes.detail('type-1'),
      session: queryKeys.session.me(),
    };
    const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    const resetAll = () => {
      for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
    };

    resetAll();
    await invalidateKeys(queryClient, APPLICATION_TREE_KEYS);
    expect(isStale(keys.subscription)).toBe(true);
    expect(isStale(keys.rule)).toBe(true);
    expect(isStale(keys.session)).toBe(false);

    resetAll();
    await invalidateKeys(queryClient, RULE_TREE_KEYS);
    expect(isStale(keys.rule)).toBe(true);
    expect(isStale(keys.eventType)).toBe(true);
    expect(isStale(keys.subscription)).toBe(false);
  });

  it('When a record is deleted while its page shows it, then its queries are not asked again and go once unobserved', async () => {
    const queryClient = new QueryClient();
    let detailFetches = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.eventRules.detail('r1'),
      queryFn: async () => {
        detailFetches += 1;
        return { id: 'r1' };
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => detailFetches).toBe(1);
    queryClient.setQueryData(queryKeys.eventRules.list({ page: 1 }), []);

    await forgetDeletedRecord(queryClient, 'r1', RULE_TREE_KEYS);
    expect(queryClient.getQueryState(queryKeys.eventRules.list({ page: 1 }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.eventRules.detail('r1'))?.isInvalidated).toBe(false);
    expect(detailFetches).toBe(1);

    unsubscribe();
    expect(queryClient.getQueryCache().find({ queryKey: queryKeys.eventRules.detail('r1') })).toBeUndefined();
  });
});
