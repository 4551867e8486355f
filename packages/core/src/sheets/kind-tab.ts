import type { Audit } from "../audit";
import type { SheetTab } from "../policy/personal-record";
import { tabSyncJob } from "./sync-job";
import { tabSync, type TabSource } from "./tab-sync";

export interface KindTabOptions extends TabSource {
  /** the tab's id in events, results and the registry: "reports", "leads:checklist" */
  id: string;
  /** the administrator's sync job: its kind (`sheets.<id>`) and the audit entry of a finished sync */
  job: { kind: string; audit: { action: Audit.Action; target: string } };
}

/**
 * A kind's spreadsheet tab, whole: its syncs (`now` for the administrator's job, `soon` after each
 * record: one per burst), the administrator's sync job (sync-job.ts) and the registry's entry
 * (policy/personal-record.ts `SheetTab`), which erasure, retention and the job subscriber use.
 */
export function kindTab({ id, job: jobOptions, ...source }: KindTabOptions) {
  const sync = tabSync(source);
  const job = tabSyncJob({ kind: jobOptions.kind, sync: (waitMs, progress) => sync.now(waitMs, progress), audit: jobOptions.audit });
  const entry: SheetTab = { id, syncSoon: () => sync.soon(), job: { KIND: job.KIND, run: (jobId) => job.run(jobId) } };
  return { ...sync, job, entry };
}

export type KindTab = ReturnType<typeof kindTab>;
