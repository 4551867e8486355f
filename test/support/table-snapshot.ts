import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "@site/core/db/client";

export { useOwnTable } from "./own-table";

export type Item = Record<string, unknown>;
export type Snapshot = Map<string, { item: Item; json: string }>;

const keyOf = (item: Item) => `${String(item.pk)} | ${String(item.sk)}`;

/** Key-order independent JSON, so an untouched item compares equal across scans. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value instanceof Set) return stable([...value].sort());
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Item)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

/** Every item of the current table (consistent reads). */
export async function scanAll(): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: table(), ConsistentRead: true, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Every item of the current table, keyed for `diff`. */
export async function snapshot(): Promise<Snapshot> {
  return new Map((await scanAll()).map((item) => [keyOf(item), { item, json: stable(item) }]));
}

/**
 * What kind of item this is, for "which writes may this route make": its `type`, or for items
 * without one (rate-limit windows) the first segment of its partition key ("RATE").
 */
export const kindOf = (item: Item) => (typeof item.type === "string" ? item.type : String(item.pk).split("#")[0]);

export interface Change {
  key: string;
  change: "added" | "changed" | "removed";
  kind: string;
  item: Item;
}

export function diff(before: Snapshot, after: Snapshot): Change[] {
  const changes: Change[] = [];
  for (const [key, now] of after) {
    const then = before.get(key);
    if (!then) changes.push({ key, change: "added", kind: kindOf(now.item), item: now.item });
    else if (then.json !== now.json) changes.push({ key, change: "changed", kind: kindOf(now.item), item: now.item });
  }
  for (const [key, then] of before) if (!after.has(key)) changes.push({ key, change: "removed", kind: kindOf(then.item), item: then.item });
  return changes;
}

/** One line per change, for a failure message that says what was written. */
export const describeChanges = (changes: Change[]) => changes.map((c) => `${c.change} ${c.kind}: ${c.key}`).join("\n");
