import { defineCollection } from "../collection/define";
import { ONE_PART } from "../collection/index-definition";
import { storedRows } from "../collection/index-rows";
import type { IndexedOrder, SearchKey } from "../collection/orders";
import { table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import type { KindName } from "../policy/personal-record";
import { isSortableId } from "../util/id";
import { declaredIndex } from "./declared-index";
import type { KindAdmin, Made, OrderKit } from "./definition";

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
  // newest first by id, before the definition's own orders
  const orders = (o: OrderKit<Row>) => ({ createdAt: o.id(), ...(admin.orders?.(o) ?? ({} as O)) });
  const index = declaredIndex(
    { ...admin, orders },
    {
      collection: plural,
      type: `${name}Index`,
      parts: { partition: (bucket: number) => Keys.kindIndexPartition(name, bucket), searchPart: Keys.kindIndexPart(name) },
      fields,
      toRow: (record: Row) => Object.fromEntries(["id", ...fields].map((field) => [field, record[field as keyof Row]])) as unknown as Row,
    },
  );
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
