import { useDebouncedValue } from "@mantine/hooks";
import { useCallback, useMemo, useState } from "react";
import { usePagedList, type PagedList } from "../api/usePagedList";
import type { Query } from "../lib/query";
import { apiSort, type SortOption, type SortOrder } from "../lib/sorting";

export const SEARCH_DEBOUNCE_MS = 300;

/** A filter's value as the query string carries it ("" or null: not filtering). */
export type FilterValue = string | null;

export interface CollectionOptions<F extends Record<string, FilterValue>> {
  /** the list route, e.g. `/api/admin/signatures`; null: nothing to load yet */
  path: string | null;
  /** the screen's sort choices; the first is the default */
  sorts: SortOption[];
  order?: SortOrder;
  pageSize: number;
  /** the collection's structured filters and their initial values (every one "any" = "" or null) */
  filters?: F;
  /** query fields that never change on this screen, e.g. `{ petitionId }` */
  fixed?: Query;
  fallbackMessage: string;
}

export interface CollectionState<T, F extends Record<string, FilterValue>> {
  list: PagedList<T>;
  /** the search box's text (the query uses it debounced) */
  search: string;
  setSearch: (value: string) => void;
  sort: string;
  setSort: (value: string) => void;
  order: SortOrder;
  setOrder: (value: SortOrder) => void;
  filters: F;
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
  page: number;
  setPage: (page: number) => void;
  /** for a list read straight from the table: the steps to the pages around this one (none at either end) */
  steps: { previous?: () => void; next?: () => void } | undefined;
  pageSize: number;
  setPageSize: (size: number) => void;
  /** the list's query without its page: what an export or a delete-all of "what is shown" sends */
  query: Query;
  /** the shown page's own query (its page, size and cursor): what "export this page" sends */
  pageQuery: Query;
  /** the current page has rows (exports and Delete All need some) */
  hasRows: boolean;
}

/**
 * An admin collection screen's state: search (debounced), sort, order, structured filters, page and
 * page size, and the server-paginated list they select. Changing anything but the page goes back to
 * page 1.
 */
export function useCollection<T, F extends Record<string, FilterValue> = Record<string, never>>(options: CollectionOptions<F>): CollectionState<T, F> {
  const [search, setSearchText] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSortValue] = useState(options.sorts[0]!.value);
  const [order, setOrderValue] = useState<SortOrder>(options.order ?? "desc");
  const [filters, setFilters] = useState<F>(options.filters ?? ({} as F));
  const [page, setPageNumber] = useState(1);
  /** the position of a page read straight from the table: after or before a page the server described */
  const [cursor, setCursor] = useState<{ after?: string; before?: string }>({});
  const [pageSize, setPageSizeValue] = useState(options.pageSize);

  const setPage = useCallback((value: number) => {
    setPageNumber(value);
    setCursor({});
  }, []);
  const resetting = useCallback(
    <V>(set: (value: V) => void) =>
      (value: V) => {
        set(value);
        setPage(1);
      },
    [setPage],
  );
  const setFilter = useCallback(
    <K extends keyof F>(key: K, value: F[K]) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
    },
    [setPage],
  );

  const apiSortValue = apiSort(options.sorts, sort);
  const fixedKey = JSON.stringify(options.fixed ?? {});
  const query = useMemo<Query>(
    () => ({ ...(JSON.parse(fixedKey) as Query), ...filters, search: debouncedSearch, sort: apiSortValue, order }),
    [fixedKey, filters, debouncedSearch, apiSortValue, order],
  );
  const pageQuery = useMemo<Query>(() => ({ ...query, page, pageSize, ...cursor }), [query, page, pageSize, cursor]);
  const list = usePagedList<T>(options.path, pageQuery, { fallbackMessage: options.fallbackMessage });
  // the server says which page it answered (the first, when "previous" reached the top)
  const shown = list.data?.page ?? page;
  const data = list.data;
  const steps =
    data && data.next !== undefined
      ? {
          previous: data.prev
            ? () => {
                setPageNumber(Math.max(1, shown - 1));
                setCursor({ before: data.prev! });
              }
            : undefined,
          next: data.next
            ? () => {
                setPageNumber(shown + 1);
                setCursor({ after: data.next! });
              }
            : undefined,
        }
      : undefined;

  return {
    list,
    search,
    setSearch: resetting(setSearchText),
    sort,
    setSort: resetting(setSortValue),
    order,
    setOrder: resetting(setOrderValue),
    filters,
    setFilter,
    page: shown,
    setPage,
    steps,
    pageSize,
    setPageSize: resetting(setPageSizeValue),
    query,
    pageQuery,
    hasRows: list.total > 0 && list.items.length > 0,
  };
}
