import type { IdentifierChoice } from "@site/core/alerts/input";
import { ALERT_MESSAGES, type AlertsPage, type AlertWithCorrections, type ScamAlert } from "../pages/scam-alerts/alerts";
import { adminCall } from "./adminCall";
import { withQuery } from "../lib/query";
import { apiPath, route } from "./paths";
import { useAdminData } from "./useAdminData";

/** Every scam alert, published or withdrawn, newest first, a page at a time (`cursor`: the previous page's `next`). */
export const useScamAlerts = (cursor?: string) => useAdminData<AlertsPage>(withQuery(apiPath("listScamAlerts"), { cursor }), ALERT_MESSAGES.listFailed);

/** One alert with the companies' correction requests about it. */
export const useScamAlert = (slug: string) => useAdminData<AlertWithCorrections>(apiPath("getScamAlert", { slug }), ALERT_MESSAGES.loadFailed);

/** What an administrator changes; identifiers as they are spelled (the server normalises them). */
export type AlertChange = Partial<Pick<ScamAlert, "title" | "summary" | "published"> & { identifiers: IdentifierChoice[] }>;

export const updateScamAlert = (slug: string, change: AlertChange) =>
  adminCall<ScamAlert>(route("updateScamAlert", { slug }), { body: change, fallbackMessage: ALERT_MESSAGES.saveFailed });
