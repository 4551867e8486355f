import { recordsOf } from "../db/person-index";
import type { RowsByKey } from "./by-key";
import type { PersonRows } from "./def";
import type { PersonPlan } from "./plan";
import { foundSource, type RowSource } from "./source";

/**
 * The rows of the person a whole e-mail address names: the kind's records the person index holds
 * (db/person-index.ts), their index rows (the definition's `direct.person`) read by key.
 */
export function byPersonSource<Row extends { id: string }, S extends string>(byKey: RowsByKey<Row, S>, person: PersonRows): RowSource<Row, PersonPlan<Row, S>> {
  return foundSource(async (plan) => byKey((await recordsOf(plan.email, person.kind)).flatMap(person.rowsOf), plan));
}
