/**
 * The report's rules, loaded when the reporter starts on the form (or a saved draft is restored),
 * not with the page: the draft's and the API's own zod schemas (the server checks the report by the
 * very same ones), what keeps each step's Next disabled, reading the saved draft back, and the
 * report as the API takes it. zod and the schemas are the bulk of the wizard's code; the page's
 * first load does without them (scripts/bench/js-budget.ts).
 */
export { draftToInput, firstIncompleteStep, stepErrors } from "@site/core/report/draft";
export { REPORT_CAPTCHA_ACTION } from "@site/core/report/input";
export { loadWizard } from "./draftStorage";
