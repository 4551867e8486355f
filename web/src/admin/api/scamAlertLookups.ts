import type { LookupReport } from "@site/core/alerts/types";
import { withQuery } from "../lib/query";
import { apiPath } from "./paths";
import { useAdminData } from "./useAdminData";

export type { LookupReport };

export const LOOKUPS_FAILED = "Failed to load the scam alert lookups";

/** The public lookups of the last `days` New York days: found and not found by day, the alerts most looked up. */
export const useScamAlertLookups = (days: number) => useAdminData<LookupReport>(withQuery(apiPath("scamAlertLookups"), { days }), LOOKUPS_FAILED);
