import type { CaseDetails, CaseReport } from "./info";
import { storedReports } from "./membership";
import { fromId, membersOf, timelineOf } from "./store";

/**
 * A case as its console page shows it (`GET /api/admin/cases/{id}`; the types in info.ts): the head,
 * each report with what an administrator triages it by, and the timeline.
 */
export async function details(caseId: string): Promise<CaseDetails> {
  const head = await fromId(caseId);
  const [members, timeline] = await Promise.all([membersOf(caseId), timelineOf(caseId)]);
  const stored = await storedReports(members.map((m) => m.reportId));
  const reports = stored
    .map(({ report }): CaseReport => ({
      id: report.id,
      reference: report.reference,
      createdAt: report.createdAt,
      status: report.status,
      reporterName: report.reporter.fullName,
      state: report.reporter.state ?? "",
      scamTypes: report.scamTypes.map((t) => t.type),
      amountLost: report.moneyLost && typeof report.amountLost === "number" ? report.amountLost : null,
      publishConsent: report.publishConsent === true,
      evidence: report.evidence.map((e) => ({ purpose: e.purpose, fileName: e.fileName })),
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { case: head, reports, timeline };
}
