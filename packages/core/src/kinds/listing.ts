import { defineCollection } from "../collection/define";
import { ONE_PART, defineIndex, type IndexParts } from "../collection/index-definition";
import { storedRows } from "../collection/index-rows";
import { amountOrder, idOrder, lastWordKey, textOrder, valueOrder, type IndexedOrder, type SearchKey } from "../collection/orders";
import { table } from "../db/client";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import { queryAll } from "../db/query";
import type { KindName } from "../policy/personal-record";
import { isSortableId } from "../util/id";
import type { KindAdmin, Made, OrderKit } from "./definition";

/** The order and search-key builders of a definition, typed by its row. */
export const orderKit = <Row extends { id: string }>(): OrderKit<Row> => ({ text: textOrder, value: valueOrder, amount: amountOrder, lastWord: lastWordKey });

/** Where a declared kind's index rows are and what they are made from (collection/index-definition.ts). */
export interface IndexPlace<Row extends Made, Source> {
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
}

/**
 * A kind's admin index from its declaration's list (definition.ts `KindAdmin`): newest first by id
 * (`createdAt`), its declared orders and search keys, its name search. defineKind's kinds and the
 * product's kinds with storage of their own (lead/index-item.ts) make theirs here.
 */
export function declaredIndex<
  Row extends Made,
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
    buckets: INDEX_BUCKETS,
    parts: place.parts,
    fields: [place.fields],
    orders: { createdAt: idOrder<Row>(), ...(admin.orders?.(kit) ?? ({} as O)) },
    searchKeys: admin.searchKeys?.(kit) ?? ({} as SK),
    nameSearch: (keys) => search.map((key) => (keys as Record<keyof O | keyof SK, SearchKey<Row>>)[key]),
    toRow: place.toRow,
    fromStored: place.fromStored,
  });
}

/**
 * A kind's administrators' list: its index rows (one part, INDEX_BUCKETS partitions
 * `Keys.kindIndexPartition`), newest first by id, and its collection (collection/define.ts): pages
 * in every order, its name search, a whole e-mail address through the person index, an id.
 * `fields` are the packed fields, `createdAt` first.
 */
export function kindListing<
  Row extends Made,
  K extends keyof Row & string,
  O extends Record<string, IndexedOrder<Row>>,
  SK extends Record<string, SearchKey<Row>>,
>(name: KindName, plural: string, admin: KindAdmin<Row, K, O, SK>, fields: readonly (keyof Row & string)[]) {
  const index = declaredIndex(admin, {
    collection: plural,
    type: `${name}Index`,
    parts: { partition: (bucket: number) => Keys.kindIndexPartition(name, bucket), searchPart: Keys.kindIndexPart(name) },
    fields,
    toRow: (record: Row) => Object.fromEntries(["id", ...fields].map((field) => [field, record[field as keyof Row]])) as unknown as Row,
  });
  const searchable = (admin.search ?? []).length > 0;

  /** The kind's count: the sum of its shards, one strongly consistent query of ≤ COUNTER_SHARDS small items. */
  async function count(): Promise<number> {
    const shards = await queryAll({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": Keys.kindCountPartition(name) },
      ConsistentRead: true,
    });
    return shards.reduce((sum, shard) => sum + Number(shard.count ?? 0), 0);
  }

  const one = [ONE_PART] as const;
  const collection = defineCollection({
    name: plural,
    orders: index.ORDERS,
    ...(searchable ? { nameSearch: index.NAME_SEARCH } : {}),
    defaultSort: "createdAt",
    filters: {},
    ...storedRows(index.layout, index.decodeRow, () => one),
    count,
    direct: {
      indexKey: index.layout.key,
      person: { kind: name, rowsOf: (key) => [Keys.kindRecordOf(name, key)].flatMap((id) => (id ? [{ part: ONE_PART, id }] : [])) },
      named: (needle) => (isSortableId(needle) ? [{ part: ONE_PART, id: needle }] : undefined),
    },
  });

  return { index, collection, count, indexKey: (id: string) => index.layout.key(ONE_PART, id) };
}
