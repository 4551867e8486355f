import { settings } from "../config";
import { mergeAll, type MergeSource } from "./merge";
import type { TablePlan } from "./plan";
import type { Reader } from "./reader";

/** The counters a collection keeps with its writes (the definition's `count` and `countOf`). */
export interface Counting {
  /** a part's count; `undefined` when the part is gone */
  count: (part: string) => Promise<number | undefined>;
  /** how many rows a selection's filters select, when counters tell (no filter: the whole list) */
  countOf?: (filters: object) => Promise<number | undefined> | undefined;
}

/**
 * What a table page's `total` counts: the scope's rows (counters), or with a filter what its
 * counters tell. A filter no counter answers is counted by reading the list (`defaultOrder`: its
 * rows in the default order) when it holds at most ADMIN_FILTER_MAX_READS rows; past that the total
 * is the scope's, marked `filtered: true`.
 */
export function tableTotals<Row extends { id: string }, S extends string>(
  reader: Reader<Row, S>,
  counting: Counting,
  defaultOrder: (scope: string | undefined) => Promise<MergeSource<Row>>,
) {
  /** The scope's total: its parts' counts. */
  async function total(scope: string | undefined): Promise<number> {
    const counts = await Promise.all((await reader.partsOf(scope)).map((part) => counting.count(part)));
    return counts.reduce<number>((sum, n) => sum + (n ?? 0), 0);
  }

  return {
    async of(plan: TablePlan<Row, S>): Promise<{ total: number; filtered?: true }> {
      if (!plan.keep) return { total: await total(plan.scope) };
      const counted = await counting.countOf?.(plan.selection);
      if (counted !== undefined) return { total: counted };
      // the whole list's count: the kind's own counter of all its rows when it has one, else its parts'
      const all = (await counting.countOf?.({})) ?? (await total(plan.scope));
      if (all > settings().ADMIN_FILTER_MAX_READS) return { total: all, filtered: true };
      let matches = 0;
      for await (const page of mergeAll(await defaultOrder(plan.scope), "desc", 1000, plan.keep)) matches += page.length;
      return { total: matches };
    },
  };
}
