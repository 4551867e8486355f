import type { CaseStatus } from "./status";

/**
 * What a case, its timeline and a proposed link are, as stored and as the console reads them.
 * Types only (the admin console imports them). docs/data-model.md "Scam intelligence".
 */

/** An identifier reports share (report/identifiers.ts `Identifier`): its type, its folded key, and how a report wrote it. */
export interface CaseIdentifier {
  type: string;
  value: string;
  shown: string;
}

/** What a case says of its reports: recounted from its members, never changed by hand. */
export interface CaseCounts {
  reports: number;
  /** reports whose reporter agreed that an anonymised summary may be published */
  consenting: number;
  /** whole US dollars, summed over the reports that gave an amount */
  amountLost: number;
  /** the reporters' states, two letters, sorted */
  states: string[];
  scamTypes: string[];
  /** ISO; "" while the case has no report */
  firstReportAt: string;
  lastReportAt: string;
  /** every identifier its reports name, one per type and value */
  identifiers: CaseIdentifier[];
}

export interface CaseHead extends CaseCounts {
  id: string;
  /** "CASE-7K3M9Q": what administrators and the reporters' status pages quote */
  reference: string;
  title: string;
  status: CaseStatus;
  /** an administrator's e-mail, or null */
  assignee: string | null;
  createdAt: string;
  updatedAt: string;
  /** the published scam alert made from this case (alerts/) */
  alertSlug?: string;
  /** a case merged into another is closed and names the one that took its reports */
  mergedInto?: string;
  /** bumped by every write of the head: each write is conditioned on the one it read */
  version: number;
}

export type TimelineAction =
  | "created"
  | "reports_added"
  | "report_removed"
  | "merged_in"
  | "merged_into"
  | "split_out"
  | "split_from"
  | "status"
  | "assignee"
  | "title"
  | "note"
  | "alert";

/** One change of a case, oldest first. */
export interface TimelineEntry {
  id: string;
  /** ISO UTC */
  at: string;
  /** the administrator's e-mail, or "system" (a report erased or deleted) */
  by: string;
  action: TimelineAction;
  /** what changed, in words ("open → investigating", "3 reports") */
  detail?: string;
  /** an administrator's note (action "note") */
  note?: string;
}

/** A report as a proposal lists it: enough to recognise it without opening it. */
export interface ProposedReport {
  id: string;
  reference: string;
  createdAt: string;
  company?: string;
}

/**
 * Reports sharing an identifier, waiting for an administrator to confirm (a new case, or more
 * reports for `caseId`) or dismiss them. A proposal to join a case has the case's id as its own, so
 * a case has at most one waiting.
 */
export interface Proposal {
  id: string;
  reports: ProposedReport[];
  caseId?: string;
  caseReference?: string;
  /** the identifiers its reports were found to share */
  identifiers: CaseIdentifier[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

/**
 * A case as its console page shows it (`GET /api/admin/cases/{id}`, details.ts): the head, each report
 * with what an administrator triages it by (the reporter's name, never their address; the evidence
 * files by name, opened through the report's own download route), and the timeline.
 */
export interface CaseReport {
  id: string;
  reference: string;
  createdAt: string;
  status: string;
  reporterName: string;
  state: string;
  scamTypes: string[];
  amountLost: number | null;
  publishConsent: boolean;
  evidence: { purpose: string; fileName: string }[];
}

export interface CaseDetails {
  case: CaseHead;
  reports: CaseReport[];
  timeline: TimelineEntry[];
}
