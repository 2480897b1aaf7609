// Server-paged rows for virtual lists: fetches the pages the viewport needs and keeps them in a small local cache.
import { useCallback, useEffect, useRef, useState } from 'react';

export type PageFetcher<Row> = (offset: number, limit: number) => Promise<{ total: number; rows: Row[] }>;

const PAGE = 100;
const MAX_PAGES = 20;

/** `key` changes (filters, sort) drop the cache; rows outside the cache read as undefined until their page arrives. */
export function usePagedRows<Row>(fetchPage: PageFetcher<Row>, key: string) {
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string>();
  const [, setVersion] = useState(0);
  const pages = useRef(new Map<number, Row[]>());
  const pending = useRef(new Set<number>());
  const generation = useRef(0);

  const load = useCallback(
    (page: number) => {
      if (pages.current.has(page) || pending.current.has(page)) return;
      pending.current.add(page);
      const mine = generation.current;
      fetchPage(page * PAGE, PAGE)
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
        .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)))
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

  const rowAt = (index: number): Row | undefined => {
    const page = Math.floor(index / PAGE);
    const rows = pages.current.get(page);
    if (!rows) load(page);
    return rows?.[index % PAGE];
  };

  return { total, error, rowAt };
}
