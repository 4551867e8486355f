import { orderAttribute, orderIndex } from "../db/indexes";
import { encodeCursor } from "./cursor";
import { mergeAll, mergePage, type MergeSource } from "./merge";
import type { SortOrder, TablePlan, TableRead } from "./plan";
import type { Reader } from "./reader";
import type { RowSource } from "./source";
import { tableTotals, type Counting } from "./table-totals";

/**
 * The rows of a selection read straight from the table (docs/architecture.md "Admin lists at any
 * size"): a page of any order is a merge of the scope's partitions (merge.ts), filtered as it is
 * read, with cursors of one key; no request holds more than a page.
 */
export interface TableRows<Row> extends Counting {
  /** the definition's `newestFirst`: where the id order's pages come from, when not from the index partitions */
  newestFirst?: (scope: string | undefined) => MergeSource<Row> | Promise<MergeSource<Row>>;
  /** where the default order's rows are: a filter no counter answers is counted by reading them */
  defaultRead: TableRead;
}

export function tableSource<Row extends { id: string }, S extends string>(reader: Reader<Row, S>, rows: TableRows<Row>) {
  /**
   * Where a sort's pages come from: the id order from the scope's index partitions (or
   * `newestFirst`), read consistently; any other from its slot's global index over the same partitions.
   */
  async function mergeSourceOf(scope: string | undefined, read: TableRead): Promise<MergeSource<Row>> {
    if (read.by === "newestFirst") return rows.newestFirst!(scope);
    const { partOf } = await reader.partitionsOf(scope);
    const decode = reader.decodeIn(partOf);
    const partitions = [...partOf.keys()];
    if (read.by === "part") return { partitions, consistent: true, projection: "pk, sk, r", decode, partOf: (pk) => partOf.get(pk)! };
    if (read.by === "id") return { partitions, consistent: true, projection: "pk, sk, r", decode };
    return { partitions, index: orderIndex(read.slot), skName: orderAttribute(read.slot), projection: "pk, sk, r", decode };
  }

  const totals = tableTotals(reader, rows, (scope) => mergeSourceOf(scope, rows.defaultRead));

  const source: RowSource<Row, TablePlan<Row, S>> = {
    /**
     * A page in any order, filtered or not: the first (or page N, passing over the rows before it),
     * the one after a cursor (further down the order), or the one before it. `next` and `prev` are
     * the cursors of the pages around it (null at either end). A filter reads at most
     * ADMIN_FILTER_MAX_READS rows for a page: a page it could not fill ends there, with `next` going
     * on from the last row read.
     */
    async page(plan, { page, pageSize }) {
      const merged = await mergeSourceOf(plan.scope, plan.read);
      const { keep, position } = plan;
      const of = (key: string) => encodeCursor(plan.sort, plan.order, key);
      const opposite = plan.order === "desc" ? "asc" : "desc";
      const counted = totals.of(plan);
      if ("before" in position) {
        const { before } = position;
        const newer = await mergePage(merged, { order: opposite, limit: pageSize, after: before, keep });
        // a full page before the cursor (or one a filter cut short); a short one means the top is reached: the first page then
        if (newer.items.length === pageSize || newer.resume !== undefined) {
          const items = newer.items.reverse();
          const keys = newer.keys.reverse();
          const prev = newer.resume ?? (newer.more ? keys[0] : undefined);
          return { items, ...(await counted), page: Math.max(1, page), pageSize, next: of(keys.at(-1) ?? before), prev: prev === undefined ? null : of(prev) };
        }
        const first = await mergePage(merged, { order: plan.order, limit: pageSize, keep });
        return { items: first.items, ...(await counted), page: 1, pageSize, next: first.more ? of(first.resume ?? first.keys.at(-1)!) : null, prev: null };
      }
      const { after, skip } = position;
      const found = await mergePage(merged, { order: plan.order, limit: pageSize, after, skip, keep });
      const atTop = after === undefined && skip === 0;
      const last = found.resume ?? found.keys.at(-1);
      const first = found.keys[0] ?? after;
      return {
        items: found.items,
        ...(await counted),
        page,
        pageSize,
        next: found.more && last !== undefined ? of(last) : null,
        prev: atTop || first === undefined ? null : of(first),
      };
    },

    async every(plan, pageSize) {
      const merged = await mergeSourceOf(plan.scope, plan.read);
      return { total: (await totals.of(plan)).total, pages: mergeAll(merged, plan.order, pageSize, plan.keep) };
    },
  };

  /** Every row of a scope in a sort's order, unfiltered, a page at a time. */
  async function* stream(scope: string | undefined, read: TableRead, order: SortOrder, pageSize: number): AsyncGenerator<Row[]> {
    yield* mergeAll(await mergeSourceOf(scope, read), order, pageSize);
  }

  return { ...source, stream };
}
