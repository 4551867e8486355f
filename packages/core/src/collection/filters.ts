import { z } from "zod";

/**
 * Building blocks for a collection's structured filters: query-string fields (each optional: absent
 * means "any") and a way to combine the predicates of the fields that were given. Pure.
 */
export type RowPredicate<Row> = (row: Row) => boolean;

/** `yes` or `no`; compare with `isYes`. */
export const yesNo = (label: string) => z.enum(["yes", "no"], { error: `${label} must be yes or no` }).optional();

export const isYes = (value: "yes" | "no") => value === "yes";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 2026-02-30 has the shape of a day but is none. */
function isCalendarDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
}

/** A calendar day, `YYYY-MM-DD` (compare it with the rows' ISO dates as text). */
export const isoDay = (label: string) =>
  z.string().regex(ISO_DATE, `${label} must be a date (YYYY-MM-DD)`).refine(isCalendarDay, `${label} must be a date (YYYY-MM-DD)`).optional();

/** One of a fixed set of values (a status, a kind). */
export const oneOf = <const V extends readonly [string, ...string[]]>(values: V, label: string) =>
  z.enum(values, { error: `${label} must be one of ${values.join(", ")}` }).optional();

/**
 * The conjunction of the predicates given; `undefined` when none is (no filter active), which lets
 * the collection serve the unfiltered order without a pass over the rows.
 */
export function allOf<Row>(...predicates: (RowPredicate<Row> | false | undefined | null | "")[]): RowPredicate<Row> | undefined {
  const active = predicates.filter((p): p is RowPredicate<Row> => typeof p === "function");
  if (active.length === 0) return undefined;
  if (active.length === 1) return active[0];
  return (row) => active.every((p) => p(row));
}

/**
 * Not a filter a client sets (whatever it sends is replaced): the second (epoch) the query is
 * answered at, for collections whose rows change with time alone (a TTL passes, a link expires).
 * Being one of the filters, every predicate of the query reads the same instant.
 */
export const answeredAt = () =>
  z
    .unknown()
    .optional()
    .transform(() => Math.floor(Date.now() / 1000));
