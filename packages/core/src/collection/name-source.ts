import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { pool } from "../util/pool";
import { nameQueries, type NameIndex, type NameQuery } from "./name-index";
import { searchValueOf } from "./orders";
import type { NamePlan } from "./plan";
import type { Reader } from "./reader";
import { foundSource, type RowSource } from "./source";

/** A name search holds at most this many matching rows (then it says so: more of the name narrows it). */
export const MAX_NAME_MATCHES = 1000;
/** Index queries a name search runs at once. */
const NAME_QUERY_CONCURRENCY = 64;

/** One prefix-range query of a name search (name-index.ts): its items' `projection`, and whether more matched than its limit. */
export async function readNameQuery({ pk, index, range, limit }: NameQuery, projection: string): Promise<{ items: Record<string, unknown>[]; more: boolean }> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: range.KeyConditionExpression,
      ExpressionAttributeNames: range.ExpressionAttributeNames,
      ExpressionAttributeValues: { ":pk": pk, ...range.values },
      ProjectionExpression: projection,
      Limit: limit,
    }),
  );
  return { items: res.Items ?? [], more: res.LastEvaluatedKey !== undefined };
}

/**
 * The rows whose name keys hold every word of the search at the start of one of their words,
 * matching the filters, in the asked order. A key's index finds its rows by their key's start: for
 * each word of the search (its MAX_PROBES longest) and key, one prefix-range query per search
 * partition of the scope's parts (the key's shards each, name-index.ts), or for a one-letter word one
 * per bucket on the key's order index; each reads at most its share of MAX_NAME_MATCHES. The rows
 * found are kept when every word starts a word of their keys (`truncated` when a query had more).
 */
export function nameSearchSource<Row extends { id: string }, S extends string>(
  reader: Reader<Row, S>,
  index: NameIndex<Row>,
): RowSource<Row, NamePlan<Row, S>> {
  return foundSource(async (plan) => {
    const { parts, partOf } = await reader.partitionsOf(plan.scope);
    const decode = reader.decodeIn(partOf);
    const found = new Map<string, Row>();
    let truncated = false;
    const queries = plan.probes.flatMap((probe) => nameQueries(index, parts, [...partOf.keys()], probe, MAX_NAME_MATCHES));
    await pool(queries, NAME_QUERY_CONCURRENCY, async (query) => {
      const { items, more } = await readNameQuery(query, "pk, sk, r");
      if (more) truncated = true;
      for (const item of items) found.set(`${item.pk}|${item.sk}`, decode(item));
    });
    const startsAWord = (row: Row) => {
      const held = index.keys.flatMap((key) => searchValueOf(key, row)?.split(" ") ?? []);
      return plan.words.every((w) => held.some((h) => h.startsWith(w)));
    };
    const rows = [...found.values()].filter((r) => startsAWord(r) && (!plan.keep || plan.keep(r)));
    return { rows: reader.sorted(rows, plan).slice(0, MAX_NAME_MATCHES), truncated: truncated || rows.length > MAX_NAME_MATCHES };
  });
}
