export * as Issues from "./index";

/**
 * Newsletter issues: drafts an administrator composes in Markdown, previews and
 * test-sends, then sends to every confirmed subscriber in batches through the bus, once each (the
 * mailing machinery, mailing/). The browser imports `./input` (zod and types only), never this module.
 */
export * from "./input";
export { Events } from "./events";
export { create, get, list, remove, update, checkId, IssueNotFound, IssueNotDraft } from "./issue-store";
export { summaryOf, STOPPED_REASON } from "../../mailing/summary";
export { start, resume, runBatch, JOB_KIND } from "./sending";
export { CannotSend } from "../../mailing/head";
export { LEASE_MS, BATCH_TIMEOUT_MS } from "../../mailing/limits";
export { preview, sendTest, PREVIEW_RECIPIENT, TEST_SUBJECT_PREFIX } from "./test-send";
export { renderIssue, type RenderedIssue } from "./render";
export { count as audienceCount } from "./audience";
export { MAX_ATTEMPTS } from "../../mailing/deliveries";
import { tally as tallyIn } from "../../mailing/deliveries";
import { IssueKeys as Keys } from "./keys";
/** A newsletter issue's exact counts, from its deliveries. */
export const tally = (issueId: string) => tallyIn(Keys.deliveryPartition(issueId));
export { IssueKeys } from "./keys";
export { pauseReason, PAUSE_MIN_OUTCOMES } from "./feedback";
