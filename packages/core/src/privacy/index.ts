export * as Privacy from "./index";

/**
 * A person's data: the deletion request and its e-mailed link (requests.ts), what the
 * link shows (records.ts) and downloads (download.ts: inline, or through the bucket when large), the
 * erasure (erasure.ts: in the request, or a job with progress when large), found through the person index
 * (db/person-index.ts), each kind through its descriptor (kinds.ts, the registry). Retention is
 * policy/retention.ts (the figures) and retention-job.ts (the daily job, each kind doing its part).
 */
export { Events } from "./events";
export {
  request,
  requestOnce,
  sendOrKeep,
  sendDueLinks,
  type LinkToSend,
  countAttempt,
  openLink,
  countDownload,
  readRequest,
  InvalidPrivacyLink,
  RATE_SCOPE,
  LINKS_PER_ADDRESS_PER_DAY,
} from "./requests";
export {
  storedRecords,
  recordsPage,
  recordPages,
  summaries,
  exported,
  countsOf,
  emptyCounts,
  mailStopped,
  UnknownRecordsCursor,
  RECORDS_PAGE_SIZE,
  DOWNLOAD_PAGE_SIZE,
  type StoredRecord,
  type RecordSummary,
  type RecordsPage,
} from "./records";
export { countedLabels } from "./kinds";
export { confirmOnce } from "./erasure-once";
export { confirm, complete, eraseRecords, erasureStatus, UnknownErasure, ERASE_IN_JOB_ABOVE, ERASURE_STATUS_HOURS, JOB_RUN_BUDGET_MS } from "./erasure";
export {
  download,
  deleteDownloads,
  downloadsOf,
  INLINE_DOWNLOAD_MAX_BYTES,
  DOWNLOADS_PREFIX,
  DOWNLOAD_LINK_SECONDS,
  type DownloadData,
  type DownloadOptions,
} from "./download";
export { linkEmail, completionEmail, myDataUrl } from "./emails";
export * from "./input";
