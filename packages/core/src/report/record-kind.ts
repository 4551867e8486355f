import { Keys } from "../db/keys";
import { caseReference } from "./case-reference";
import { COUNTED_KIND_LABELS, removedNow, type PersonalRecordKind } from "../policy/personal-record";
import { syncReportsSoon } from "./sheet-tab";
import * as SyncJob from "./sheet-sync-job";
import { idTime } from "../util/id";
import { ReportAdmin } from "./admin";
import { ReportNotFound } from "./index";
import { reports } from "./listing";
import { retentionStep } from "./retention";

/** Scam reports (with their evidence files) as a kind of personal record (policy/personal-record.ts; listed in privacy/kinds.ts). */
export const reportKind: PersonalRecordKind = {
  kind: "report",
  label: COUNTED_KIND_LABELS.report.one,
  counted: "report",
  erasure: "with the person",
  madeAt: (key) => idTime(Keys.reportOf(key)),
  async remove(key) {
    const id = Keys.reportOf(key);
    if (!id) return undefined;
    return (await removedNow(() => ReportAdmin.remove(id), ReportNotFound)) ? { tabs: ["reports"] } : undefined;
  },
  // the case it is in, by the reference administrators and the reporter's status page quote
  describe: async (items) =>
    items.map((item) => `Scam report ${String(item.reference)}${typeof item.caseId === "string" ? `, in case ${caseReference(item.caseId)}` : ""}`),
  retention: { rule: "deleted", after: "SUBMISSION_RETENTION_YEARS after the report", run: retentionStep },
  collection: reports,
  sheetTabs: [{ id: "reports", syncSoon: syncReportsSoon, job: SyncJob }],
};
