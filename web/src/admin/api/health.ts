import { HEALTH_REFRESH_MS, MESSAGES, type DeadLetter, type HealthReport } from "../pages/health/health";
import { adminCall } from "./adminCall";
import { apiPath, route } from "./paths";
import { useAdminData } from "./useAdminData";

/** The health panel's report (GET /api/admin/health), read again every 15 s while the page is open. */
export const useHealthReport = () => useAdminData<HealthReport>(apiPath("healthReport"), MESSAGES.reportFailed, { refreshInterval: HEALTH_REFRESH_MS });

/** Delivers a dead-lettered event to its subscriber again; answers the dead letter, now `redriven`. */
export const redriveDeadLetter = (id: string) => adminCall<DeadLetter>(route("redriveDeadLetter", { id }), { fallbackMessage: MESSAGES.redriveFailed });
