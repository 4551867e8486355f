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
  pageSize: number;
  setPageSize: (size: number) => void;
  /** the list's query without its page: what an export or a delete-all of "what is shown" sends */
  query: Query;
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
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeValue] = useState(options.pageSize);

  const resetting = useCallback(
    <V>(set: (value: V) => void) =>
      (value: V) => {
        set(value);
        setPage(1);
      },
    [],
  );
  const setFilter = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  }, []);

  const apiSortValue = apiSort(options.sorts, sort);
  const fixedKey = JSON.stringify(options.fixed ?? {});
  const query = useMemo<Query>(
    () => ({ ...(JSON.parse(fixedKey) as Query), ...filters, search: debouncedSearch, sort: apiSortValue, order }),
    [fixedKey, filters, debouncedSearch, apiSortValue, order],
  );
  const list = usePagedList<T>(options.path, { ...query, page, pageSize }, { fallbackMessage: options.fallbackMessage });

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
    page,
    setPage,
    pageSize,
    setPageSize: resetting(setPageSizeValue),
    query,
    hasRows: list.total > 0 && list.items.length > 0,
  };
}
