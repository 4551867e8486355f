import { Cases } from "../cases";
import { PUBLIC_STATUS_LABELS } from "../cases/status";
import type { ReportStatusView } from "./answers";
import { publicReportStatus } from "./public-labels";
import { InvalidStatusLink, open } from "./token";
import { storedReport } from "./stored";

/**
 * What the status link shows: the report's reference, its triage status and creation time in public
 * words, and, when it is in a case, the case's reference and public status. Nothing else of the
 * report (no name, address, text or evidence). A report erased since the link was sent: 404.
 */
export async function view(token: string): Promise<ReportStatusView> {
  const reportId = await open(token);
  const found = await storedReport(reportId);
  if (!found) throw new InvalidStatusLink();
  const { report, caseId, stopped } = found;
  const head = caseId ? await Cases.find(caseId) : undefined;
  return {
    reference: report.reference,
    status: publicReportStatus(report.status),
    createdAt: report.createdAt,
    ...(head ? { case: { reference: head.reference, status: PUBLIC_STATUS_LABELS[head.status] ?? head.status } } : {}),
    updates: report.wantUpdates && !stopped,
  };
}
