import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { SEPARATOR } from "./orders";

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
  /**
   * The part a partition holds, for a merge by part then sort key (orders.ts `partOrder`): an item's
   * merge key is its part, SEPARATOR and its sort key, and a cursor's part says which partitions are
   * passed, which resume after its sort key and which start from their beginning.
   */
  partOf?: (pk: string) => string;
}

export interface MergeOptions<Row = unknown> {
  /** `desc`: the greatest sort key first */
  order: "asc" | "desc";
  limit: number;
  /** resume strictly after this sort key (in the page's order) */
  after?: string;
  /** rows to pass over first (a numbered page without a cursor) */
  skip?: number;
  /** a filter: only the rows it keeps count towards the page (and the skip) */
  keep?: (row: Row) => boolean;
  /** a filtered page stops after reading this many rows (default ADMIN_FILTER_MAX_READS), full or not (`resume` says where it stopped) */
  maxReads?: number;
}

export interface MergedPage<Row> {
  items: Row[];
  /** the sort key of each item, in order */
  keys: string[];
  /** whether rows follow the last item (exact: a partition read when none is buffered) */
  more: boolean;
  /** set when a filtered page stopped on `maxReads` before it was full: the sort key of the last row read */
  resume?: string;
}

/**
 * Rows asked of each partition at first: three times its share of the page, at least 8, so that the
 * page is nearly always merged from one parallel round (a partition holding more than three times
 * its share of a page's rows is rare with ids spread by hash); 32 partitions × 8 rows of ~250 B is
 * one read unit each.
 */
export const batchSize = (limit: number, partitions: number) => Math.min(1000, Math.max(8, Math.ceil((limit * 3) / Math.max(1, partitions))));

/** One partition's read position and the rows read but not yet merged. */
interface Stream {
  pk: string;
  buffer: Record<string, unknown>[];
  /** the next row of `buffer` to merge */
  at: number;
  /** where the partition's next query starts; undefined once it has no more */
  next: Record<string, unknown> | undefined;
  started: boolean;
}

/**
 * The merged rows of a source, one at a time, in order, strictly after `after`. `first` rows are
 * read of every partition at once; a partition the merge empties is read again for `refill()` rows.
 */
function merger(source: MergeSource<unknown>, order: "asc" | "desc", after: string | undefined, first: number, refill: () => number) {
  const pkName = source.pkName ?? "pk";
  const skName = source.skName ?? "sk";
  const desc = order === "desc";
  const streams: Stream[] = source.partitions.map((pk) => ({ pk, buffer: [], at: 0, next: undefined, started: false }));
  const held = (s: Stream) => s.buffer.length - s.at;
  const needsRead = (s: Stream) => held(s) === 0 && (!s.started || s.next !== undefined);
  const partOf = source.partOf;
  const keyOf = partOf
    ? (item: Record<string, unknown>) => `${partOf(String(item[pkName]))}${SEPARATOR}${item[skName]}`
    : (item: Record<string, unknown>) => String(item[skName]);
  /** Where a partition resumes after the cursor: after a sort key, from its start, or not at all (its part is passed). */
  const resumeOf = (s: Stream): { after?: string } | "passed" => {
    if (after === undefined || !partOf) return after === undefined ? {} : { after };
    const at = after.lastIndexOf(SEPARATOR);
    const [cursorPart, cursorKey] = [after.slice(0, at), after.slice(at + SEPARATOR.length)];
    const part = partOf(s.pk);
    if (part === cursorPart) return { after: cursorKey };
    return (desc ? part > cursorPart : part < cursorPart) ? "passed" : {};
  };

  // the merge compares the sort key: a projection always reads it
  const projection = source.projection && `${source.projection}, ${skName}`;

  async function fill(s: Stream, rows: number): Promise<void> {
    const resume = resumeOf(s);
    if (resume === "passed") {
      Object.assign(s, { started: true, buffer: [], at: 0, next: undefined });
      return;
    }
    const resuming = resume.after !== undefined;
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: source.index,
        KeyConditionExpression: resuming ? `#pk = :pk AND #sk ${desc ? "<" : ">"} :after` : "#pk = :pk",
        ExpressionAttributeNames: { "#pk": pkName, ...(resuming ? { "#sk": skName } : {}), ...(projection ? projectionNames(projection) : {}) },
        ExpressionAttributeValues: { ":pk": s.pk, ...(resuming ? { ":after": resume.after } : {}) },
        ProjectionExpression: projection ? projectionWithNames(projection) : undefined,
        ScanIndexForward: !desc,
        ConsistentRead: source.consistent,
        Limit: rows,
        ExclusiveStartKey: s.next,
      }),
    );
    s.started = true;
    s.buffer = res.Items ?? [];
    s.at = 0;
    s.next = res.LastEvaluatedKey;
  }

  return {
    /** whether a row is already read and waiting (no read needed to know that more follow) */
    holdsMore: () => streams.some((s) => held(s) > 0),
    /** the next row in order and its sort key, or undefined at the end */
    async next(): Promise<{ item: Record<string, unknown>; key: string } | undefined> {
      const empty = streams.filter(needsRead);
      if (empty.length) await Promise.all(empty.map((s) => fill(s, s.started ? refill() : first)));
      let best: Stream | undefined;
      let bestKey = "";
      for (const s of streams) {
        if (held(s) === 0) continue;
        const key = keyOf(s.buffer[s.at]);
        if (!best || (desc ? key > bestKey : key < bestKey)) {
          best = s;
          bestKey = key;
        }
      }
      if (!best) return undefined;
      return { item: best.buffer[best.at++], key: bestKey };
    },
  };
}

export async function mergePage<Row>(source: MergeSource<Row>, opts: MergeOptions<Row>): Promise<MergedPage<Row>> {
  const skip = opts.skip ?? 0;
  const wanted = skip + opts.limit;
  const keep = opts.keep;
  const maxReads = keep ? (opts.maxReads ?? settings().ADMIN_FILTER_MAX_READS) : Infinity;
  // a filter reads more rows than it keeps: bigger first reads
  const size = keep ? Math.min(1000, batchSize(wanted, source.partitions.length) * 4) : batchSize(wanted, source.partitions.length);
  const items: Row[] = [];
  const keys: string[] = [];
  let taken = 0;
  let read = 0;
  // a refill (a partition emptied mid-page) asks for all the page may still need
  const rows = merger(source as MergeSource<unknown>, opts.order, opts.after, size, () => Math.min(1000, Math.max(size, wanted - taken)));
  for (;;) {
    // a full page: more rows follow if a partition holds one already, else the next read tells
    if (items.length === opts.limit && rows.holdsMore()) return { items, keys, more: true };
    const row = await rows.next();
    if (!row) return { items, keys, more: false };
    if (items.length === opts.limit) return { items, keys, more: true };
    const decoded = source.decode(row.item);
    read++;
    if (keep && !keep(decoded)) {
      if (read >= maxReads) return { items, keys, more: true, resume: row.key };
      continue;
    }
    taken++;
    if (taken > skip) {
      items.push(decoded);
      keys.push(row.key);
    }
    if (read >= maxReads && items.length < opts.limit) return { items, keys, more: true, resume: row.key };
  }
}

/**
 * Every row of a source in order, a page at a time (exports, syncs): one merge over the whole
 * source, each partition read in queries of up to 1,000 rows, so memory holds one page plus one
 * query's rows per partition and no row is read twice.
 */
export async function* mergeAll<Row>(source: MergeSource<Row>, order: "asc" | "desc", pageSize = 1000, keep?: (row: Row) => boolean): AsyncGenerator<Row[]> {
  const rows = merger(source as MergeSource<unknown>, order, undefined, batchSize(pageSize, source.partitions.length), () => 1000);
  let page: Row[] = [];
  for (;;) {
    const row = await rows.next();
    if (!row) break;
    const decoded = source.decode(row.item);
    if (keep && !keep(decoded)) continue;
    page.push(decoded);
    if (page.length === pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

// A projection's attribute names go through placeholders, so reserved words (`count`, `status`) are safe.
const projectionNames = (projection: string) => Object.fromEntries(projection.split(",").map((n) => [`#p_${n.trim()}`, n.trim()]));
const projectionWithNames = (projection: string) => [...new Set(projection.split(",").map((n) => `#p_${n.trim()}`))].join(", ");
