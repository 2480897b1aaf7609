// Server-paged rows for virtual lists: fetches the pages the viewport needs and keeps them in a small local cache.
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../src-shared/text/message-of';

export type PageFetcher<Row> = (offset: number, limit: number) => Promise<{ total: number; rows: Row[] }>;

const PAGE = 100;
const MAX_PAGES = 20;

/**
 * `key` changes (filters, sort) drop the cache; rows outside the cache read as undefined until their page arrives.
 * `refresh` changes (rows still arriving, as in a running run) fetch the cached pages again and swap them in when
 * they come, so the rows shown never blank out; a refresh asked while one is in flight runs once it is done.
 */
export function usePagedRows<Row>(fetchPage: PageFetcher<Row>, key: string, refresh: unknown = undefined) {
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string>();
  const [, setVersion] = useState(0);
  const pages = useRef(new Map<number, Row[]>());
  const pending = useRef(new Set<number>());
  const generation = useRef(0);

  const refreshing = useRef<Promise<unknown>>(undefined);
  const refreshAgain = useRef(false);

  const load = useCallback(
    (page: number, again = false) => {
      if (pending.current.has(page) || (!again && pages.current.has(page))) return undefined;
      pending.current.add(page);
      const mine = generation.current;
      return fetchPage(page * PAGE, PAGE)
        .then(({ total: count, rows }) => {
          if (mine !== generation.current) return;
          pages.current.set(page, rows);
          // Keep memory bounded on huge runs: forget the pages furthest from this one.
          if (pages.current.size > MAX_PAGES) {
            const far = [...pages.current.keys()].sort((a, b) => Math.abs(b - page) - Math.abs(a - page))[0]!;
            pages.current.delete(far);
          }
          setTotal(count);
          setVersion((v) => v + 1);
        })
        .catch((reason: unknown) => setError(messageOf(reason)))
        .finally(() => pending.current.delete(page));
    },
    [fetchPage],
  );

  useEffect(() => {
    generation.current += 1;
    pages.current.clear();
    pending.current.clear();
    setTotal(undefined);
    setError(undefined);
    load(0);
  }, [key, load]);

  const refreshCached = useCallback((): void => {
    const cached = pages.current.size ? [...pages.current.keys()] : [0];
    refreshing.current = Promise.all(cached.map((page) => load(page, true))).finally(() => {
      refreshing.current = undefined;
      if (refreshAgain.current) {
        refreshAgain.current = false;
        refreshCached();
      }
    });
  }, [load]);

  useEffect(() => {
    if (refresh === undefined) return;
    if (refreshing.current) refreshAgain.current = true;
    else refreshCached();
  }, [refresh, refreshCached]);

  const rowAt = (index: number): Row | undefined => {
    const page = Math.floor(index / PAGE);
    const rows = pages.current.get(page);
    if (!rows) load(page);
    return rows?.[index % PAGE];
  };

  return { total, error, rowAt };
}
