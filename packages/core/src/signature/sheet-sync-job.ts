import { syncSignatures } from "./sheet-tab";
import { tabSyncJob } from "../sheets/sync-job";

export { Events, WAIT_FOR_RUNNING_MS } from "../sheets/sync-job";

/** "Sync to Sheet" on the signatures screen, as a job (sync-job.ts): rewrites the "Signatures" tab. */
const job = tabSyncJob({ kind: "sheets.signatures", sync: syncSignatures, audit: { action: "signatures.synced", target: "all petitions" } });

export const { KIND, request, run } = job;
