import { MESSAGES, type AnalyticsReport, type RangeQuery, type RecentVisits } from "../pages/analytics/analyticsApi";
import { withQuery } from "../lib/query";
import { apiPath } from "./paths";
import { useAdminData } from "./useAdminData";

/** The site report of a range; the last one stays on screen while another range loads. */
export const useAnalyticsReport = (query: RangeQuery) =>
  useAdminData<AnalyticsReport>(withQuery(apiPath("analyticsReport"), query), MESSAGES.fetchFailed, { keepPreviousData: true });

/** The newest page views. */
export const useRecentVisits = () => useAdminData<RecentVisits>(apiPath("recentVisits"), MESSAGES.fetchFailed);
