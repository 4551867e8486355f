import { useCallback } from "react";
import useSWR from "swr";
import type { ApiError } from "../../lib/api";
import { adminRequest, type ListPage } from "../adminApi";
import { withQuery, type Query } from "../lib/query";

export interface PagedList<T> {
  data: ListPage<T> | undefined;
  items: T[];
  total: number;
  error: ApiError | undefined;
  /** the first load (nothing to show yet) */
  isLoading: boolean;
  /** any load, including a refresh or a page change behind the current rows */
  isValidating: boolean;
  /** Reloads now; resolves false (and keeps the rows) when the reload fails. */
  refresh: () => Promise<boolean>;
  /** Changes the rows in place (after a delete or an edit), then revalidates. */
  update: (change: (page: ListPage<T>) => ListPage<T>) => void;
}

/**
 * A server-paginated admin list, cached by SWR under (path, query). The previous page stays on
 * screen while the next one loads, so tables do not flash empty on every keystroke or page change.
 */
export function usePagedList<T>(path: string | null, query: Query, options: { fallbackMessage?: string } = {}): PagedList<T> {
  const key = path ? ([path, query] as const) : null;
  const fetcher = useCallback(
    (k: readonly [string, Query]) => adminRequest<ListPage<T>>(withQuery(k[0], k[1]), { fallbackMessage: options.fallbackMessage }),
    [options.fallbackMessage],
  );
  const swr = useSWR<ListPage<T>, ApiError, readonly [string, Query] | null>(key, fetcher, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  const { mutate } = swr;

  // SWR hashes array keys by value; the URL is the same identity for our callbacks.
  const url = path ? withQuery(path, query) : null;
  const refresh = useCallback(async () => {
    if (!url) return true;
    try {
      await mutate(adminRequest<ListPage<T>>(url, { fallbackMessage: options.fallbackMessage }), {
        revalidate: false,
        rollbackOnError: true,
      });
      return true;
    } catch {
      return false;
    }
  }, [mutate, url, options.fallbackMessage]);

  const update = useCallback(
    (change: (page: ListPage<T>) => ListPage<T>) => {
      void mutate((current) => (current ? change(current) : current), { revalidate: true });
    },
    [mutate],
  );

  return {
    data: swr.data,
    items: swr.data?.items ?? [],
    total: swr.data?.total ?? 0,
    error: swr.error,
    isLoading: !swr.data && !swr.error,
    isValidating: swr.isValidating,
    refresh,
    update,
  };
}
