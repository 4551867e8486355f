import { Analytics } from "@site/core/analytics";

/** Scheduled hourly: the analytics buckets that closed lately, summed into their summary items (a cold dashboard reads those). */
export const handler = () => Analytics.summarizeRecent();
