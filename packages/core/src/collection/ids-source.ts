import type { RowsByKey } from "./by-key";
import type { IdsPlan } from "./plan";
import { foundSource, type RowSource } from "./source";

/** The rows a search names by id or reference (the definition's `direct.named`), read by key. */
export function byIdsSource<Row extends { id: string }, S extends string>(byKey: RowsByKey<Row, S>): RowSource<Row, IdsPlan<Row, S>> {
  return foundSource(async (plan) => byKey(typeof plan.refs === "function" ? await plan.refs() : plan.refs, plan));
}
