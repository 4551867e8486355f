import { table } from "../db/client";
import { updateIf } from "../db/conditional";
import { queryPages } from "../db/query";
import { pool } from "../util/pool";
import { searchAttributes, type NameIndex } from "./name-index";
import { orderAttributes, type IndexedOrders } from "./orders";
import type { Reader } from "./reader";

export interface BackfillProgress {
  read: number;
  updated: number;
}

/**
 * Gives the index rows written before the order and search indexes their order, name and search
 * keys (`o<n>`, `s<n>`/`w<n>`), once (a migration, `npm run job:order-keys-backfill`): every row
 * of every part, a page at a time, gets the keys its kind's index item writes today, by an update
 * conditioned on the row's packed fields, so a row rewritten or deleted meanwhile is left alone.
 * Rows holding them already are not written: running it again updates nothing.
 */
export function orderKeysBackfill<Row extends { id: string }, S extends string>(
  reader: Reader<Row, S>,
  orders: IndexedOrders<Row, S>,
  nameSearch?: NameIndex<Row>,
) {
  const keys = { ...orders, ...Object.fromEntries((nameSearch?.keys ?? []).map((key, i) => [`name${i}`, key])) };
  return async function backfillOrderKeys(onPage?: (progress: BackfillProgress) => void): Promise<BackfillProgress> {
    const progress = { read: 0, updated: 0 };
    for (const part of await reader.partsOf(undefined)) {
      for (const pk of reader.partitions(part)) {
        for await (const page of queryPages({
          TableName: table(),
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": pk },
          ConsistentRead: true,
        })) {
          await pool(page.Items ?? [], 16, async (item) => {
            progress.read++;
            const row = reader.decode(part, String(item.sk), String(item.r));
            const wanted = { ...orderAttributes(keys, row), ...(nameSearch ? searchAttributes(nameSearch, part, row) : {}) };
            const stale = Object.entries(wanted).filter(([name, value]) => item[name] !== value);
            if (!stale.length) return;
            const applied = await updateIf({
              Key: { pk: item.pk, sk: item.sk },
              UpdateExpression: `SET ${stale.map((_, i) => `#a${i} = :v${i}`).join(", ")}`,
              ConditionExpression: "#r = :r",
              ExpressionAttributeNames: { "#r": "r", ...Object.fromEntries(stale.map(([name], i) => [`#a${i}`, name])) },
              ExpressionAttributeValues: { ":r": item.r, ...Object.fromEntries(stale.map(([, value], i) => [`:v${i}`, value])) },
            });
            if (applied) progress.updated++;
          });
          onPage?.(progress);
        }
      }
    }
    return progress;
  };
}
