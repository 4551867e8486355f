import { pageOf, type CursorPage, type Page } from "../util/page";
import type { PageAt } from "./plan";

/**
 * What serves a plan (plan.ts): the table merge (table-source.ts), the name search
 * (name-source.ts), the rows a search names by id (ids-source.ts) or by person (person-source.ts).
 */
export interface RowSource<Row, P> {
  /** a list page of the rows the plan selects */
  page(plan: P, at: PageAt): Promise<ListPage<Row>>;
  /** every row the plan selects, `pageSize` rows at a time, and how many (an export's progress) */
  every(plan: P, pageSize: number): Promise<EveryRow<Row>>;
}

/** A list page: from the table with its cursors (`filtered` when its total is the scope's), or a search's (`truncated` when it found too many). */
export type ListPage<Row> = Page<Row> | (CursorPage<Row> & { filtered?: true }) | (Page<Row> & { truncated: true });

export interface EveryRow<Row> {
  total: number;
  pages: AsyncGenerator<Row[]>;
}

/** The rows a search found, in the asked order (`truncated`: more matched than it holds). */
export interface Found<Row> {
  rows: readonly Row[];
  truncated: boolean;
}

/** A source that finds every row of its plan at once (a search): its pages are cut from them, memory holds them all. */
export function foundSource<Row, P>(find: (plan: P) => Promise<Found<Row>>): RowSource<Row, P> {
  return {
    async page(plan, at) {
      const { rows, truncated } = await find(plan);
      return { ...pageOf(rows, at.page, at.pageSize), ...(truncated ? { truncated: true as const } : {}) };
    },
    async every(plan, pageSize) {
      const { rows } = await find(plan);
      async function* slices() {
        for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize);
      }
      return { total: rows.length, pages: slices() };
    },
  };
}

/** A search nothing answers: it finds no row. */
export const noRows = <Row, P>() => foundSource<Row, P>(() => Promise.resolve({ rows: [], truncated: false }));

/** The rows of every page, in one array. */
export async function everyRowOf<Row>({ pages }: EveryRow<Row>): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of pages) rows.push(...page);
  return rows;
}
