import { getMany } from "../db/batch";
import type { RowRef } from "./def";
import type { Planned } from "./plan";
import type { Reader } from "./reader";
import type { Found } from "./source";

/** Where an index row is stored (the definition's `direct.indexKey`). */
export type IndexKey = (part: string, id: string) => { pk: string; sk: string };

/**
 * The rows of `refs` in the plan's scope, read by key (consistently; missing ones are left out),
 * matching the filters, in the asked order: what the searches that name their rows find.
 */
export function rowsByKey<Row extends { id: string }, S extends string>(reader: Reader<Row, S>, indexKey: IndexKey) {
  return async (refs: readonly RowRef[], plan: Planned<Row, S>): Promise<Found<Row>> => {
    const wanted = refs.filter((r) => plan.scope === undefined || r.part === plan.scope);
    const partOf = new Map(wanted.map((r) => [indexKey(r.part, r.id).pk, r.part]));
    const items = await getMany(
      wanted.map((r) => indexKey(r.part, r.id)),
      { consistent: true },
    );
    const rows = items.map(reader.decodeIn(partOf)).filter((r) => !plan.keep || plan.keep(r));
    return { rows: reader.sorted(rows, plan), truncated: false };
  };
}

export type RowsByKey<Row extends { id: string }, S extends string> = ReturnType<typeof rowsByKey<Row, S>>;
