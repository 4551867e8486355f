import type { Info } from "./info";
import type { Status } from "./status";

/**
 * A scam report as the admin list sees it: what the list shows, filters, sorts and searches, flat.
 * The admin index (report/index-item.ts) keeps one compact item per report in this shape, so the
 * list never reads full reports. Pure: the admin console imports the type.
 */
export interface ReportRow {
  id: string;
  /** "TSR-7K3M-9QX2" */
  reference: string;
  status: Status;
  fullName: string;
  email: string;
  city: string;
  state: string;
  scammerName: string;
  companyName: string;
  /** the selected scam types' keys, comma-separated ("fake_resale,other") */
  scamTypes: string;
  moneyLost: boolean;
  speakWithTeam: boolean;
  /** whole US dollars; null when no money was lost or no amount was given */
  amountLost: number | null;
  /** YYYY-MM-DD, US Eastern */
  dateOccurred: string;
  evidenceCount: number;
  /** MM/DD/YYYY, New York */
  createdDate: string;
  /** HH:mm:ss, New York */
  createdTime: string;
  /** ISO UTC */
  createdAt: string;
}

export function toRow(r: Info): ReportRow {
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    fullName: r.reporter.fullName,
    email: r.reporter.email,
    city: r.reporter.city,
    state: r.reporter.state,
    scammerName: r.scammer.name ?? "",
    companyName: r.scammer.company ?? "",
    scamTypes: r.scamTypes.map((t) => t.type).join(","),
    moneyLost: r.moneyLost,
    speakWithTeam: r.reporter.speakWithTeam,
    amountLost: r.moneyLost && typeof r.amountLost === "number" ? r.amountLost : null,
    dateOccurred: r.dateOccurred,
    evidenceCount: r.evidence.length,
    createdDate: r.createdDate,
    createdTime: r.createdTime,
    createdAt: r.createdAt,
  };
}
