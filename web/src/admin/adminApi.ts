import { request, type Petition, type RequestOptions } from "../lib/api";
import { accessToken } from "./auth";
import type { SignatureRow } from "./lib/signatures";

/** The one fetcher of admin calls: the caller's access token as `Authorization: Bearer`; the paths are in ./api/paths. */
export async function adminRequest<T>(url: string, options: Omit<RequestOptions, "token"> = {}): Promise<T> {
  const token = await accessToken();
  return request<T>(url, { describeInvalid: true, ...options, token });
}

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** Pages read straight from the table carry the cursors of the pages after and before them (null at either end). */
  next?: string | null;
  prev?: string | null;
  /** a filter no counter counts: `total` is every row of the list, not the matches */
  filtered?: true;
  /** a name search that matched more rows than it holds (1,000): `total` counts those it holds */
  truncated?: true;
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
