/**
 * Steps 2 to 4 of the wizard, loaded when the reporter starts on the form (or a saved draft is
 * restored on one of them), not with the page: the page arrives on step 1, and these steps bring
 * the date picker, the scam types' and contact methods' fields and the evidence uploads.
 */
export { GoFurtherStep } from "./GoFurtherStep";
export { KnownDetailsStep } from "./KnownDetailsStep";
export { WhatHappenedStep } from "./WhatHappenedStep";
