import type { AuditEntry } from "../adminApi";
import { withQuery } from "../lib/query";
import { apiPath } from "./paths";
import { useAdminData } from "./useAdminData";

/** The latest admin actions, kept fresh (every 30 s and on focus). */
export const useAuditLog = (limit: number) =>
  useAdminData<{ items: AuditEntry[] }>(withQuery(apiPath("listAudit"), { limit }), "Failed to load recent activity", {
    refreshInterval: 30_000,
    revalidateOnFocus: true,
  });
