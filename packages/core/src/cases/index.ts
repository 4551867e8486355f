export * as Cases from "./index";

/**
 * Scam cases (docs/scam-intelligence.md): reports that share an identifier are
 * proposed as one case (proposals.ts, on `report.created`); an administrator confirms or dismisses
 * (proposal-decisions.ts), merges and splits, sets status, assignee and title, adds notes
 * (decisions.ts); every change is on the case's timeline and audited; its counts are recounted from
 * its members (recount.ts), and with them its published alert's. The list is listing.ts.
 */
export { CaseBusy, CaseNotFound, find, fromId } from "./store";
export { recount } from "./recount";
export { propose } from "./proposals";
export { ProposalNotFound, findProposal, listProposals } from "./proposal-store";
export { confirm, dismiss, reportRemoved } from "./proposal-decisions";
export { CaseConflict, SplitRefused, addNote, merge, setAlert, split, update } from "./decisions";
export { details } from "./details";
export { Events } from "./events";
export { CaseListing } from "./listing";
export type { CaseDetails, CaseHead, CaseReport, Proposal, TimelineEntry } from "./info";
export type { Member } from "./counts";
export { PUBLIC_STATUS_LABELS, STATUS_LABELS, CASE_STATUSES, type CaseStatus } from "./status";

import type { Member } from "./counts";
import { membersOf } from "./store";

/** The reports of a case as its counts and its alert see them: their public summaries (and identifiers). */
export const members = (caseId: string): Promise<Member[]> => membersOf(caseId);
