import { TABLE_INDEXES } from "./indexes";

/**
 * DynamoDB's documented billing rules for writes, as pure functions: what `npm run bench:capacity`
 * computes each recorded write's units with (DynamoDB Local's own ConsumedCapacity does not bill
 * transactions as DynamoDB does). Sources, DynamoDB Developer Guide: "Item sizes and formats",
 * "Read/write capacity mode" (write request units), "Amazon DynamoDB Transactions" (capacity
 * management), "Global secondary indexes" (provisioned throughput considerations).
 */

/** A stored item as the document client sees it (native JS values). */
export type Item = Record<string, unknown>;

const utf8 = (s: string) => Buffer.byteLength(s, "utf8");

/**
 * A number's size: 1 byte per two significant digits (leading and trailing zeroes trimmed), plus
 * 1 byte (the guide's "approximately"; at most 21 bytes).
 */
export function numberSize(n: number | bigint): number {
  const digits = String(n).replace(/^-/, "").replace(/e.*$/i, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
  return Math.min(21, Math.ceil(Math.max(1, digits.length) / 2) + 1);
}

/** A value's size: strings and binaries by bytes, numbers as above, booleans and null 1 byte, lists and maps 3 bytes plus 1 per element plus their contents. */
export function valueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === "boolean") return 1;
  if (typeof value === "string") return utf8(value);
  if (typeof value === "number" || typeof value === "bigint") return numberSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, v) => sum + valueSize(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, v) => sum + 1 + valueSize(v), 0);
  if (typeof value === "object") {
    return 3 + Object.entries(value as Item).reduce((sum, [k, v]) => (v === undefined ? sum : sum + 1 + utf8(k) + valueSize(v)), 0);
  }
  return 0;
}

/** An item's size: the sum of its attributes' name lengths and value sizes. */
export const itemSize = (item: Item | undefined): number =>
  item ? Object.entries(item).reduce((sum, [k, v]) => (v === undefined ? sum : sum + utf8(k) + valueSize(v)), 0) : 0;

/** Write units of `bytes` (1 per started KB, at least 1); a transaction charges each item twice. */
export const writeUnits = (bytes: number, transactional = false) => Math.max(1, Math.ceil(bytes / 1024)) * (transactional ? 2 : 1);

export type WriteOp = "Put" | "Update" | "Delete" | "ConditionCheck";

export interface RecordedWrite {
  op: WriteOp;
  key: { pk: string; sk: string };
  transactional: boolean;
  /** the item before and after the write (undefined when absent); a refused write is charged with `after` = `before` */
  before?: Item;
  after?: Item;
}

export { TABLE_INDEXES, type IndexDefinition } from "./indexes";

export interface ChargedWrite {
  /** "table" or the index's name */
  target: string;
  /** the partition key value the write lands on */
  partition: string;
  units: number;
}

/**
 * What one write costs and where it lands. The table: the larger of the item before and after
 * (PutItem, UpdateItem), the deleted item (DeleteItem), the checked item (ConditionCheck), doubled
 * inside a transaction. Each global index the item is in, before or after: one write of the
 * projected size when its keys stay, a delete and a put when they change (index writes are not
 * doubled by a transaction).
 */
export function chargeOf(w: RecordedWrite, indexes = TABLE_INDEXES): ChargedWrite[] {
  const key = w.key;
  const size = w.op === "Delete" || w.op === "ConditionCheck" ? itemSize(w.before) : Math.max(itemSize(w.before), itemSize(w.after));
  const charged: ChargedWrite[] = [{ target: "table", partition: String(key.pk), units: writeUnits(size, w.transactional) }];
  if (w.op === "ConditionCheck") return charged;
  for (const index of indexes) {
    const project = (item: Item | undefined) => {
      if (!item || item[index.pk] === undefined || item[index.sk] === undefined) return undefined;
      if (index.projection === "ALL") return item;
      const keys: Item = { pk: item.pk, sk: item.sk, [index.pk]: item[index.pk], [index.sk]: item[index.sk] };
      if (index.projection !== "KEYS_ONLY") for (const name of index.projection) if (item[name] !== undefined) keys[name] = item[name];
      return keys;
    };
    const before = project(w.before);
    const after = project(w.after);
    if (!before && !after) continue;
    const sameKey = before && after && before[index.pk] === after[index.pk] && before[index.sk] === after[index.sk];
    if (sameKey && JSON.stringify(before) === JSON.stringify(after)) continue;
    if (before && !sameKey) charged.push({ target: index.name, partition: String(before[index.pk]), units: writeUnits(itemSize(before)) });
    if (after) charged.push({ target: index.name, partition: String(after[index.pk]), units: writeUnits(itemSize(after)) });
  }
  return charged;
}

/**
 * A key's class: its partition key without the parts that vary (`COUNT#<petition>#7` → `COUNT`),
 * with the index it belongs to (`gsi1:SIGNATURES`).
 */
export const keyClass = (target: string, partition: string) => {
  const head = partition.split("#")[0] || partition;
  return target === "table" ? head : `${target}:${head}`;
};
