import { Button, Group, Select, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { ORDER_OPTIONS, asOrder, type SortOption, type SortOrder } from "../lib/sorting";

export interface ListToolbarProps {
  searchLabel: string;
  searchPlaceholder?: string;
  search: string;
  onSearch: (value: string) => void;
  sortOptions: SortOption[];
  sort: string;
  onSort: (value: string) => void;
  order: SortOrder;
  onOrder: (value: SortOrder) => void;
  /** omitted: no Refresh button here (the screen has its own, e.g. the lead lists' 'Refresh Data') */
  onRefresh?: () => void;
  refreshing?: boolean;
  sortLabel?: string;
  orderLabel?: string;
  /** a collection's filter controls, between Order and Refresh */
  children?: ReactNode;
}

/** Search, Sort By, Order, any filters and Refresh above an admin table. */
export function ListToolbar(props: ListToolbarProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={props.searchLabel}
        placeholder={props.searchPlaceholder ?? "Search..."}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        size="sm"
        style={{ flex: "1 1 260px" }}
        type="search"
      />
      <Select
        label={props.sortLabel ?? "Sort By"}
        data={props.sortOptions.map(({ value, label }) => ({ value, label }))}
        value={props.sort}
        onChange={(value) => value && props.onSort(value)}
        allowDeselect={false}
        size="sm"
        w={{ base: "100%", xs: 180 }}
      />
      <Select
        label={props.orderLabel ?? "Order"}
        data={ORDER_OPTIONS}
        value={props.order}
        onChange={(value) => props.onOrder(asOrder(value))}
        allowDeselect={false}
        size="sm"
        w={{ base: "100%", xs: 150 }}
      />
      {props.children}
      {props.onRefresh && (
        <Button variant="default" size="sm" onClick={props.onRefresh} loading={props.refreshing}>
          Refresh
        </Button>
      )}
    </Group>
  );
}
