import { useAnalyticsReport, useRecentVisits } from "../../api/analytics";
import type { RangeQuery } from "./analyticsApi";

/**
 * The report of a range and the recent visitors. While another range loads, the last report stays
 * on screen (`switching`); after a failure nothing stale is shown. `retry` fetches both again.
 */
export function useAnalytics(query: RangeQuery) {
  const report = useAnalyticsReport(query);
  const recent = useRecentVisits();
  const retry = () => Promise.all([report.mutate(), recent.mutate()]);
  return {
    report: report.error ? undefined : report.data,
    recent: recent.error ? undefined : recent.data?.items,
    loading: report.isLoading && !report.data,
    switching: report.isLoading && !!report.data,
    refreshing: report.isValidating || recent.isValidating,
    failed: !!(report.error || recent.error),
    retry,
  };
}
