export * as Privacy from "./index";

/**
 * A person's data: the deletion request and its e-mailed link (requests.ts), what the
 * link shows and downloads (records.ts), the erasure (erasure.ts), found through the person index
 * (db/person-index.ts), each kind through its descriptor (kinds.ts, the registry). Retention is
 * policy/retention.ts (the figures) and retention-job.ts (the daily job, each kind doing its part).
 */
export { Events } from "./events";
export { request, countAttempt, openLink, countDownload, readRequest, InvalidPrivacyLink, RATE_SCOPE, LINKS_PER_ADDRESS_PER_DAY } from "./requests";
export { storedRecords, summaries, exported, countsOf, emptyCounts, mailStopped, type StoredRecord, type RecordSummary } from "./records";
export { confirm, complete, eraseRecords } from "./erasure";
export { linkEmail, completionEmail, myDataUrl } from "./emails";
export * from "./input";
