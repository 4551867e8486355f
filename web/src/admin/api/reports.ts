import type { CollectionResource } from "../collection";
import type { ReportRow } from "../lib/reports";
import { adminCall } from "./adminCall";
import { apiPath, route } from "./paths";

/** Scam reports; one is deleted from the list or from its details (which know its id and reference). */
export const reportsResource: CollectionResource<{ id: string; reference: string }> = {
  list: apiPath("listReports"),
  export: { kind: "reports" },
  deleteAll: apiPath("deleteAllReports"),
  item: (report) => apiPath("deleteReport", { id: report.id }),
};

export const SYNC_REPORTS = apiPath("syncReports");

export const fetchReport = <T>(id: string, fallbackMessage: string) => adminCall<T>(route("getReport", { id }), { fallbackMessage });

export const updateReportStatus = (id: string, status: string, fallbackMessage: string) =>
  adminCall<ReportRow>(route("updateReport", { id }), { body: { status }, fallbackMessage });

/** A fresh link to one of a report's files, made only once its malware scan found it clean (the API says why not otherwise). */
export const fetchEvidenceLink = (id: string, purpose: string, fallbackMessage: string) =>
  adminCall<{ downloadUrl: string; fileName: string; expiresInSeconds: number }>(route("downloadEvidence", { id, purpose }), { fallbackMessage });
