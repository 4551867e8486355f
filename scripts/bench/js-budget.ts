/**
 * The public pages' first-load JavaScript budgets (issue 25 §7): the gzip-compressed scripts a page
 * loads without any interaction, in KB of 1024 bytes. `npm run bench:pages` checks them on the
 * served site (what Lighthouse saw load) and test/build/js-budget.test.ts on the build's files.
 */
export const JS_BUDGET_KB = 120;

/** Pages allowed more than JS_BUDGET_KB, by route path. */
export const JS_BUDGET_EXCEPTIONS_KB: Readonly<Record<string, number>> = {
  // the four-step wizard: its first step's controls (a select, radio groups, the step indicator)
  "/report-scam": 180,
};

/** The budget of the page at `route` (a path such as "/report-scam", or a route pattern). */
export const jsBudgetKb = (route: string): number => JS_BUDGET_EXCEPTIONS_KB[route] ?? JS_BUDGET_KB;
