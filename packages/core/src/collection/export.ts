import type { z } from "zod";
import type { PageSelection, Selection } from "./plan";
import { auditedSearch } from "./search";
import type { EveryRow, ListPage } from "./source";

/** What an export reads of its collection: every row of a selection, or one list page. */
export interface ExportReads<Row, S extends string> {
  every(q: Selection<S>, pageSize: number): Promise<EveryRow<Row>>;
  page(q: PageSelection<S>): Promise<ListPage<Row>>;
}

/** A collection's exports, taking its ExportQuery (the list's filters, bigger pages, the audited operation's id). */
export function collectionExports<Row, S extends string, E extends z.ZodType>(ExportQuery: E, reads: ExportReads<Row, S>) {
  return {
    /**
     * Every row a query selects, a page at a time, with how many there are (for an export job's
     * progress): memory holds one page (a search: the rows it found).
     */
    selection: async (input: z.input<E>, pageSize = 1000) => reads.every(ExportQuery.parse(input) as Selection<S>, pageSize),
    /** An export's page: a list page of up to EXPORT_PAGE_SIZE rows (by cursor past the first 10,000). */
    exportPage: async (input: z.input<E>) => reads.page(ExportQuery.parse(input) as PageSelection<S>),
  };
}

type Described = { search: string } & Record<string, unknown>;

/**
 * The audit target of a query (an export): the definition's `describe`, or by default the scope
 * (`all <name>` without one), the search as the audit trail names it, and the filters set.
 */
export function describerOf(name: string, filters: object, scopeOf: (q: Described) => string | undefined, describe?: (q: Described) => string) {
  const filterKeys = Object.keys(filters).sort();
  return (q: Described): string => {
    if (describe) return describe(q);
    const scope = scopeOf(q);
    const set = filterKeys
      .map((k) => [k, q[k]] as const)
      .filter(([, v]) => v !== undefined && v !== null && v !== "" && v !== scope)
      .map(([k, v]) => `${k}=${String(v)}`);
    return (scope ?? `all ${name}`) + (q.search ? ` (${auditedSearch(q.search)})` : "") + (set.length ? ` (${set.join(", ")})` : "");
  };
}
