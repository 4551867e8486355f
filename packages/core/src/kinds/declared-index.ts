import { defineIndex, type IndexParts } from "../collection/index-definition";
import { orderOnlyKey } from "../collection/name-index";
import { amountOrder, idOrder, lastWordKey, partOrder, textOrder, valueOrder, type IndexedOrder, type SearchKey } from "../collection/orders";
import { INDEX_BUCKETS } from "../db/keys";
import type { KindAdmin, OrderKit } from "./definition";

/** The order and search-key builders of a definition, typed by its row. */
export const orderKit = <Row extends { id: string }>(): OrderKit<Row> => ({
  id: idOrder,
  text: textOrder,
  value: valueOrder,
  amount: amountOrder,
  part: partOrder,
  lastWord: lastWordKey,
});

/** Where a declared kind's index rows are and what they are made from (collection/index-definition.ts). */
export interface IndexPlace<Row extends { id: string }, Source> {
  /** the collection's name: the kind's plural */
  collection: string;
  /** the index items' `type` */
  type: string;
  parts: IndexParts<Row>;
  /** the packed fields, in their stored order */
  fields: readonly (keyof Row & string)[];
  toRow: (record: Source) => Row;
  /** what a decoded row needs beyond its packed values */
  fromStored?: (row: Row) => Row;
  /** attributes a record's index item carries beside its row (a marker) */
  extra?: (record: Source) => Record<string, unknown>;
  /** its index rows' partitions per part (INDEX_BUCKETS unless a kind's write rate asks for more) */
  buckets?: number;
}

/**
 * A kind's admin index from its declaration's list (definition.ts `KindAdmin`): its declared orders
 * and search keys, its name search. defineKind's kinds and the product's kinds with storage of their
 * own (lead/index-item.ts) make theirs here.
 */
export function declaredIndex<
  Row extends { id: string },
  K extends keyof Row & string,
  O extends Record<string, IndexedOrder<Row>>,
  SK extends Record<string, SearchKey<Row>>,
  Source,
>(admin: KindAdmin<Row, K, O, SK>, place: IndexPlace<Row, Source>) {
  const kit = orderKit<Row>();
  const search = admin.search ?? [];
  return defineIndex({
    collection: place.collection,
    type: place.type,
    buckets: place.buckets ?? INDEX_BUCKETS,
    parts: place.parts,
    fields: [place.fields],
    orders: admin.orders?.(kit) ?? ({} as O),
    searchKeys: admin.searchKeys?.(kit) ?? ({} as SK),
    nameSearch: (keys) => {
      const named = keys as Record<keyof O | keyof SK, SearchKey<Row>>;
      return [...search.map((key) => named[key]), ...(admin.searchByOrder ?? []).map((key) => orderOnlyKey(named[key]))];
    },
    toRow: place.toRow,
    fromStored: place.fromStored,
    extra: place.extra,
  });
}
