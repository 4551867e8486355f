import type { Info } from "./info";

/**
 * What one report may add to a case's counts and, when its reporter agreed, to a public scam alert:
 * never the reporter's name, address, e-mail or words. Stored on the report's case member item
 * (cases/) and recounted from there. Pure: no AWS import.
 */
export interface ReportSummary {
  reportId: string;
  reference: string;
  createdAt: string;
  /** the reporter ticked, on the wizard's last step, that an anonymised summary may be published */
  publishConsent: boolean;
  /** the report asked for updates (the case's status changes are e-mailed) */
  wantUpdates: boolean;
  scamTypes: string[];
  /** the reporter's US state (two letters) or "" */
  state: string;
  /** whole US dollars, null when no money was lost */
  amountLost: number | null;
  /** "YYYY-MM-DD" */
  dateOccurred: string;
}

export const summaryOf = (report: Info): ReportSummary => ({
  reportId: report.id,
  reference: report.reference,
  createdAt: report.createdAt,
  publishConsent: report.publishConsent === true,
  wantUpdates: report.wantUpdates,
  scamTypes: report.scamTypes.map((t) => t.type),
  state: report.reporter.state ?? "",
  amountLost: report.moneyLost && typeof report.amountLost === "number" ? report.amountLost : null,
  dateOccurred: report.dateOccurred,
});
