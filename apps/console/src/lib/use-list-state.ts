import { type ChangeEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

type Values<K extends string> = { [key in K]: string | undefined };
type Texts<K extends string> = { [key in K]: string };

export type ListStateOptions<F extends string, T extends string> = {
  /** Filters picked from a list (select, checkbox): written to the URL at once. */
  filters?: readonly F[];
  /** Filters typed into a box (search): written to the URL once typing pauses. */
  texts?: readonly T[];
  delayMs?: number;
};

export type ListState<F extends string, T extends string> = {
  page: number;
  setPage: (page: number) => void;
  /** What the list is filtered by now, as in the URL (typed text only once settled). */
  filters: Values<F | T>;
  /** Sets filters (undefined or '' removes one) and goes back to the first page. */
  setFilters: (changes: Partial<Values<F | T>>) => void;
  /** What is in each text box, as typed. */
  texts: Texts<T>;
  setText: (key: T, value: string) => void;
  /** The props that bind a text box to `key`: its value as typed, and the change that sets it. */
  textInput: (key: T) => { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  /** Whether any filter or text is set. */
  isFiltered: boolean;
  /** How many filters are set (in the URL). */
  activeCount: number;
  /** Clears every filter, text and the page. */
  reset: () => void;
};

const readPage = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
};

/**
 * The state of a list page: page, filters and search live in the URL (so a reload, a shared link or
 * coming back from a detail finds the list as it was left); typed text reaches the URL, and the
 * server, once typing pauses. Any filter change starts again from the first page.
 */
export function useListState<F extends string = never, T extends string = never>(
  options: ListStateOptions<F, T> = {},
): ListState<F, T> {
  const { delayMs = 300 } = options;
  // Callers pass literal arrays: keep the keys stable across renders by their content.
  const signature = `${(options.filters ?? []).join(',')}|${(options.texts ?? []).join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature is the arrays' content
  const filterKeys = useMemo(() => options.filters ?? [], [signature]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature is the arrays' content
  const textKeys = useMemo(() => options.texts ?? [], [signature]);
  const [searchParams, setSearchParams] = useSearchParams();
  const keys = useMemo(() => [...filterKeys, ...textKeys], [filterKeys, textKeys]);
  const filters = useMemo(() => {
    const values = {} as Values<F | T>;
    for (const key of keys) values[key] = searchParams.get(key) || undefined;
    return values;
  }, [keys, searchParams]);

  const readTexts = useCallback(() => {
    const values = {} as Texts<T>;
    for (const key of textKeys) values[key] = searchParams.get(key) ?? '';
    return values;
  }, [textKeys, searchParams]);
  const [texts, setTexts] = useState<Texts<T>>(readTexts);
  const settledTexts = useDebouncedValue(texts, delayMs);
  /** The text last written to the URL from the boxes, so that write is not read back over newer typing. */
  const written = useRef<string | null>(null);

  const writeParams = useCallback(
    (changes: Partial<Values<F | T>>, options: { resetPage: boolean; replace?: boolean }) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as [string, string | undefined][]) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (options.resetPage) next.delete('page');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setSearchParams],
  );

  // A settled change of the typed text writes the URL; the URL changing alone must not.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the settled text only (see above)
  useEffect(() => {
    const changes: Partial<Values<T>> = {};
    let isChanged = false;
    for (const key of textKeys) {
      const value = settledTexts[key].trim();
      if (value !== (searchParams.get(key) ?? '')) {
        changes[key] = value as Values<T>[T];
        isChanged = true;
      }
    }
    if (!isChanged) return;
    written.current = JSON.stringify(changes);
    writeParams(changes as Partial<Values<F | T>>, { resetPage: true, replace: true });
  }, [settledTexts]);

  // The URL changing from elsewhere (back button, a link, reset) puts its text back in the boxes.
  const urlTexts = textKeys.map((key) => searchParams.get(key) ?? '').join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL's text values only
  useEffect(() => {
    const fromUrl = readTexts();
    const isOwnWrite =
      written.current !== null &&
      Object.entries(JSON.parse(written.current) as Record<string, string>).every(
        ([key, value]) => (searchParams.get(key) ?? '') === value,
      );
    written.current = null;
    if (isOwnWrite) return;
    setTexts((current) =>
      textKeys.every((key) => current[key].trim() === fromUrl[key]) ? current : fromUrl,
    );
  }, [urlTexts]);

  const setText = useCallback((key: T, value: string) => {
    setTexts((current) => ({ ...current, [key]: value }));
  }, []);
  const textInput = useCallback(
    (key: T) => ({
      value: texts[key],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setText(key, event.target.value),
    }),
    [texts, setText],
  );
  const setFilters = useCallback(
    (changes: Partial<Values<F | T>>) => {
      const typed = Object.keys(changes).filter((key) => (textKeys as readonly string[]).includes(key));
      if (typed.length > 0) {
        setTexts((current) => {
          const next = { ...current };
          for (const key of typed as T[]) next[key] = changes[key] ?? '';
          return next;
        });
      }
      writeParams(changes, { resetPage: true });
    },
    [textKeys, writeParams],
  );
  const setPage = useCallback(
    (page: number) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
        return next;
      }),
    [setSearchParams],
  );
  const reset = useCallback(() => {
    const cleared = {} as Partial<Values<F | T>>;
    for (const key of keys) cleared[key] = undefined;
    setFilters(cleared);
  }, [keys, setFilters]);

  const isFiltered =
    keys.some((key) => filters[key] !== undefined) || textKeys.some((key) => texts[key].trim() !== '');
  return {
    page: readPage(searchParams),
    setPage,
    filters,
    setFilters,
    texts,
    setText,
    textInput,
    isFiltered,
    activeCount: keys.filter((key) => filters[key] !== undefined).length,
    reset,
  };
}

/**
 * A filter value read from the URL when it is one of `values` (the choices its select offers); any
 * other (a hand-edited link) filters nothing.
 */
export function allowedFilter<V extends string>(
  values: readonly V[],
  value: string | undefined,
): V | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as V) : undefined;
}
