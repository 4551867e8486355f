import type { CollectionResource } from "../collection";
import { MESSAGES, type CaseDetails, type CaseRow, type CaseStatus, type Proposal } from "../pages/cases/cases";
import { adminCall } from "./adminCall";
import { apiPath, route } from "./paths";
import { useAdminData } from "./useAdminData";

/** Cases: listed only (a case leaves the list by being merged, never deleted). */
export const casesResource: CollectionResource<CaseRow> = { list: apiPath("listCases") };

/** One case with its reports and timeline (null: nothing to load). */
export const useCase = (id: string | undefined) => useAdminData<CaseDetails>(id ? apiPath("getCase", { id }) : null, MESSAGES.caseFailed);

export type CaseChange = Partial<{ status: CaseStatus; assignee: string | null; title: string }>;

export const updateCase = (id: string, change: CaseChange) =>
  adminCall<unknown>(route("updateCase", { id }), { body: change, fallbackMessage: MESSAGES.updateFailed });

export const addCaseNote = (id: string, text: string) =>
  adminCall<unknown>(route("addCaseNote", { id }), { body: { text }, fallbackMessage: MESSAGES.noteFailed });

/** Merges `other` (an id or a reference) into case `id`. */
export const mergeCase = (id: string, other: string) =>
  adminCall<{ moved: number }>(route("mergeCase", { id }), { body: { caseId: other }, fallbackMessage: MESSAGES.mergeFailed });

/** Moves `reportIds` out of case `id` into a new case, whose id is answered. */
export const splitCase = (id: string, reportIds: string[]) =>
  adminCall<{ caseId: string }>(route("splitCase", { id }), { body: { reportIds }, fallbackMessage: MESSAGES.splitFailed });

/** The administrator's words and the identifiers the public may search by, as spelled (the server normalises them). */
export interface AlertDraft {
  title: string;
  summary: string;
  identifiers: { type: string; shown: string }[];
}

export const publishCaseAlert = (id: string, draft: AlertDraft) =>
  adminCall<{ slug: string }>(route("publishCaseAlert", { id }), { body: draft, fallbackMessage: MESSAGES.publishFailed });

/** The proposed links waiting for a decision, oldest first: the first 100 (`next`: more wait after them). */
export const useCaseProposals = () => useAdminData<{ proposals: Proposal[]; next?: string | null }>(apiPath("listCaseProposals"), MESSAGES.proposalsFailed);

export const confirmProposal = (id: string) =>
  adminCall<{ caseId: string }>(route("confirmCaseProposal", { id }), { body: {}, fallbackMessage: MESSAGES.confirmFailed });

export const dismissProposal = (id: string) => adminCall<unknown>(route("dismissCaseProposal", { id }), { body: {}, fallbackMessage: MESSAGES.dismissFailed });

/** A finished case pack's file (pdf or csv) as a five-minute link. */
export const casePackLink = (jobId: string, file: "pdf" | "csv") =>
  adminCall<{ url: string; fileName: string }>(route("downloadExport", { id: jobId }), { query: { file }, fallbackMessage: MESSAGES.packFailed });
