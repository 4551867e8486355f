import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";

/**
 * Pages of a collection read straight from its spread partitions (docs/architecture.md "Admin lists
 * at any size"): each partition is already in the list's order (its sort key), so a page is a k-way
 * merge of the partitions' heads. Each partition is read lazily, a few rows at a time, so a page of
 * 50 over 32 partitions costs 32 small queries and a few refills, the same at 1,000 rows or
 * 10,000,000, and memory holds one page plus a few rows per partition.
 *
 * The position between pages is the last sort key handed out: every partition resumes strictly after
 * it (`sk < :after` newest first), so a cursor is one string and needs no server state.
 */
export interface MergeSource<Row> {
  /** the partition keys to merge (e.g. `SIGIDX#<petition>#0` … `#31`) */
  partitions: readonly string[];
  /** the index to query (omit: the table itself) */
  index?: string;
  /** the partition and sort key attribute names (default `pk`, `sk`) */
  pkName?: string;
  skName?: string;
  /** strongly consistent reads (only the table's own partitions allow them) */
  consistent?: boolean;
  /** the attributes to read (default: all) */
  projection?: string;
  decode: (item: Record<string, unknown>) => Row;
}

export interface MergeOptions {
  /** `desc`: the greatest sort key first */
  order: "asc" | "desc";
  limit: number;
  /** resume strictly after this sort key (in the page's order) */
  after?: string;
  /** rows to pass over first (a numbered page without a cursor) */
  skip?: number;
}

export interface MergedPage<Row> {
  items: Row[];
  /** the sort key of each item, in order */
  keys: string[];
  /** whether rows follow the last item (exact: a partition read when none is buffered) */
  more: boolean;
}

interface Stream {
  pk: string;
  buffer: Record<string, unknown>[];
  /** where the partition's next query starts; undefined once it has no more */
  next: Record<string, unknown> | undefined;
  started: boolean;
}

/** Rows asked of each partition at a time: the page spread over the partitions, with some slack. */
export const batchSize = (limit: number, partitions: number) => Math.min(1000, Math.max(4, Math.ceil((limit * 1.5) / Math.max(1, partitions))));

export async function mergePage<Row>(source: MergeSource<Row>, opts: MergeOptions): Promise<MergedPage<Row>> {
  const pkName = source.pkName ?? "pk";
  const skName = source.skName ?? "sk";
  const desc = opts.order === "desc";
  const wanted = (opts.skip ?? 0) + opts.limit;
  const size = batchSize(wanted, source.partitions.length);
  const streams: Stream[] = source.partitions.map((pk) => ({ pk, buffer: [], next: undefined, started: false }));

  async function fill(s: Stream): Promise<void> {
    const after = opts.after !== undefined;
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: source.index,
        KeyConditionExpression: after ? `#pk = :pk AND #sk ${desc ? "<" : ">"} :after` : "#pk = :pk",
        ExpressionAttributeNames: { "#pk": pkName, ...(after ? { "#sk": skName } : {}), ...(source.projection ? projectionNames(source.projection) : {}) },
        ExpressionAttributeValues: { ":pk": s.pk, ...(after ? { ":after": opts.after } : {}) },
        ProjectionExpression: source.projection ? projectionWithNames(source.projection) : undefined,
        ScanIndexForward: !desc,
        ConsistentRead: source.consistent,
        Limit: size,
        ExclusiveStartKey: s.next,
      }),
    );
    s.started = true;
    s.buffer.push(...(res.Items ?? []));
    s.next = res.LastEvaluatedKey;
  }

  const needsRead = (s: Stream) => s.buffer.length === 0 && (!s.started || s.next !== undefined);
  const keyOf = (item: Record<string, unknown>) => String(item[skName]);
  const items: Row[] = [];
  const keys: string[] = [];
  let passed = 0;
  for (;;) {
    // a full page: more rows follow if a partition holds one already, else a read of the others tells
    if (items.length === opts.limit && streams.some((s) => s.buffer.length > 0)) return { items, keys, more: true };
    const empty = streams.filter(needsRead);
    if (empty.length) await Promise.all(empty.map(fill));
    let best: Stream | undefined;
    for (const s of streams) {
      if (s.buffer.length === 0) continue;
      if (!best) best = s;
      else {
        const a = keyOf(s.buffer[0]);
        const b = keyOf(best.buffer[0]);
        if (desc ? a > b : a < b) best = s;
      }
    }
    if (!best) return { items, keys, more: false };
    if (items.length === opts.limit) return { items, keys, more: true };
    const item = best.buffer.shift()!;
    if (passed < (opts.skip ?? 0)) {
      passed++;
      continue;
    }
    items.push(source.decode(item));
    keys.push(keyOf(item));
  }
}

/** Every row of a source in order, a page at a time (exports, syncs): memory holds one page. */
export async function* mergeAll<Row>(source: MergeSource<Row>, order: "asc" | "desc", pageSize = 1000): AsyncGenerator<Row[]> {
  let after: string | undefined;
  for (;;) {
    const page = await mergePage(source, { order, limit: pageSize, after });
    if (page.items.length) yield page.items;
    if (!page.more) return;
    after = page.keys.at(-1);
  }
}

// A projection's attribute names go through placeholders, so reserved words (`count`, `status`) are safe.
const projectionNames = (projection: string) => Object.fromEntries(projection.split(",").map((n) => [`#p_${n.trim()}`, n.trim()]));
const projectionWithNames = (projection: string) =>
  projection
    .split(",")
    .map((n) => `#p_${n.trim()}`)
    .join(", ");
