import { Card } from "@mantine/core";
import type { ReactNode } from "react";
import { ListToolbar } from "../components/ListToolbar";
import type { SortOption } from "../lib/sorting";
import type { CollectionState, FilterValue } from "./useCollection";

export interface CollectionToolbarProps<T, F extends Record<string, FilterValue>> {
  collection: CollectionState<T, F>;
  sorts: SortOption[];
  searchLabel: string;
  searchPlaceholder?: string;
  /** omitted: the screen has its own refresh button */
  onRefresh?: () => void;
  children?: ReactNode;
}

/** Search, Sort By, Order, the collection's filter controls (children) and Refresh, bound to its state. */
export function CollectionToolbar<T, F extends Record<string, FilterValue>>(props: CollectionToolbarProps<T, F>) {
  const { collection: c } = props;
  return (
    <ListToolbar
      searchLabel={props.searchLabel}
      searchPlaceholder={props.searchPlaceholder}
      search={c.search}
      onSearch={c.setSearch}
      sortOptions={props.sorts}
      sort={c.sort}
      onSort={c.setSort}
      order={c.order}
      onOrder={c.setOrder}
      onRefresh={props.onRefresh}
      refreshing={c.list.isValidating && !c.list.isLoading}
    >
      {props.children}
    </ListToolbar>
  );
}

/** The CollectionToolbar in the bordered card that list screens show above their table. */
export function CollectionToolbarCard<T, F extends Record<string, FilterValue>>(props: CollectionToolbarProps<T, F>) {
  return (
    <Card withBorder radius="lg" padding="md">
      <CollectionToolbar {...props} />
    </Card>
  );
}
