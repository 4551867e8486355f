import { request, type Petition, type RequestOptions } from "../lib/api";
import { accessToken } from "./auth";
import type { SignatureRow } from "./lib/signatures";

/** Every admin call: the caller's access token as `Authorization: Bearer`. */
export async function adminRequest<T>(url: string, options: Omit<RequestOptions, "token"> = {}): Promise<T> {
  const token = await accessToken();
  return request<T>(url, { ...options, token });
}

const enc = encodeURIComponent;

/** docs/admin-api.md */
export const adminApi = {
  petitions: "/api/admin/petitions",
  petition: (id: string) => `/api/admin/petitions/${enc(id)}`,
  signatures: "/api/admin/signatures",
  signaturesExport: "/api/admin/signatures/export",
  signaturesDeleteAll: "/api/admin/signatures/delete-all",
  signature: (petitionId: string, signatureId: string) => `/api/admin/petitions/${enc(petitionId)}/signatures/${enc(signatureId)}`,
  sheetsSignatures: "/api/admin/sheets/signatures",
  reports: "/api/admin/reports",
  reportsExport: "/api/admin/reports/export",
  reportsDeleteAll: "/api/admin/reports/delete-all",
  report: (id: string) => `/api/admin/reports/${enc(id)}`,
  sheetsReports: "/api/admin/sheets/reports",
  /** free-guide submissions: per form its count and latest submission */
  leads: "/api/admin/leads",
  leadList: (form: string) => `/api/admin/leads/${enc(form)}`,
  leadsExport: (form: string) => `/api/admin/leads/${enc(form)}/export`,
  leadsDeleteAll: (form: string) => `/api/admin/leads/${enc(form)}/delete-all`,
  lead: (form: string, id: string) => `/api/admin/leads/${enc(form)}/${enc(id)}`,
  sheetsLeads: (form: string) => `/api/admin/sheets/leads/${enc(form)}`,
  job: (id: string) => `/api/admin/jobs/${enc(id)}`,
  testEmail: "/api/admin/test-email",
  audit: "/api/admin/audit",
} as const;

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** One chunk of a long server operation (delete petition, delete all). */
export interface ChunkAnswer {
  operationId: string;
  deleted: number;
  remaining: number;
  done: boolean;
}

export interface ExportPage extends ListPage<SignatureRow> {
  operationId: string;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  target?: string | null;
  rows?: number | null;
  /** "running" until a chunked operation's last chunk (a crash leaves it running) */
  status?: "running" | "completed";
}

export type { Petition, SignatureRow };
