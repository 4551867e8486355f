import { deferred } from "../../lib/deferred";

/**
 * What the page's first load does without (scripts/bench/js-budget.ts): the rules (zod and the
 * schemas the API checks the report by) and steps 2 to 4 (the date picker, the uploads). Both load
 * when the reporter first focuses the form, or when a saved draft is restored; until the rules are
 * here a step counts as incomplete, as step 1 of the empty draft the page arrives with is.
 */
export const rules = deferred(() => import("./rules"));
export const laterSteps = deferred(() => import("./laterSteps"));

export type Rules = NonNullable<typeof rules.loaded>;
