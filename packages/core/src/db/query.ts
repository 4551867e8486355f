import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from "@aws-sdk/lib-dynamodb";
import { db } from "./client";

/** Every page of a query, following LastEvaluatedKey until the end (or until the caller stops). */
export async function* queryPages(input: Omit<QueryCommandInput, "ExclusiveStartKey">): AsyncGenerator<QueryCommandOutput> {
  let ExclusiveStartKey: QueryCommandInput["ExclusiveStartKey"];
  do {
    const res = await db().send(new QueryCommand({ ...input, ExclusiveStartKey }));
    yield res;
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Every item a query matches. */
export async function queryAll(input: Omit<QueryCommandInput, "ExclusiveStartKey">): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(input)) items.push(...(page.Items ?? []));
  return items;
}

/** How many items a query matches (Select COUNT). */
export async function queryCount(input: Omit<QueryCommandInput, "ExclusiveStartKey" | "Select">): Promise<number> {
  let total = 0;
  for await (const page of queryPages({ ...input, Select: "COUNT" })) total += page.Count ?? 0;
  return total;
}
