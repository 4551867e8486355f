import { defineCollection } from "../collection/define";
import { ONE_PART, defineIndex } from "../collection/index-definition";
import { storedRows } from "../collection/index-rows";
import { idOrder, lastWordKey, textOrder, valueOrder, type IndexedOrder, type SearchKey } from "../collection/orders";
import { table } from "../db/client";
import { INDEX_BUCKETS, Keys } from "../db/keys";
import { queryAll } from "../db/query";
import type { KindName } from "../policy/personal-record";
import { isSortableId } from "../util/id";
import type { Made, OrderKit } from "./definition";

/** The order and search-key builders of a definition, typed by its row. */
export const orderKit = <Row extends { id: string }>(): OrderKit<Row> => ({ text: textOrder, value: valueOrder, lastWord: lastWordKey });

export interface ListingOptions<Row extends Made, O, SK> {
  name: KindName;
  plural: string;
  /** the packed fields, `createdAt` first */
  fields: readonly (keyof Row & string)[];
  orders: O;
  searchKeys: SK;
  search: readonly (keyof O | keyof SK)[];
  toRow: (record: Row) => Row;
}

/**
 * A kind's administrators' list: its index rows (collection/index-definition.ts: one part, INDEX_BUCKETS
 * partitions `Keys.kindIndexPartition`), newest first by id, and its collection (collection/define.ts):
 * pages in every order, its name search, a whole e-mail address through the person index, an id.
 */
export function kindListing<Row extends Made, O extends Record<string, IndexedOrder<Row>>, SK extends Record<string, SearchKey<Row>>>(
  options: ListingOptions<Row, O, SK>,
) {
  const { name, plural } = options;
  const index = defineIndex({
    collection: plural,
    type: `${name}Index`,
    buckets: INDEX_BUCKETS,
    parts: { partition: (bucket: number) => Keys.kindIndexPartition(name, bucket), searchPart: Keys.kindIndexPart(name) },
    fields: [options.fields],
    orders: { createdAt: idOrder<Row>(), ...options.orders },
    searchKeys: options.searchKeys,
    nameSearch: (keys) => options.search.map((key) => (keys as Record<keyof O | keyof SK, SearchKey<Row>>)[key]),
    toRow: options.toRow,
  });

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
    orders: index.ORDERS as { createdAt: IndexedOrder<Row> } & O,
    ...(options.search.length ? { nameSearch: index.NAME_SEARCH } : {}),
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
