import useSWR from "swr";
import type { ApiError } from "../../../lib/api";
import { adminRequest } from "../../adminApi";
import { ANALYTICS_API, MESSAGES, reportUrl, type AnalyticsReport, type RangeQuery, type RecentVisits } from "./analyticsApi";

const fetcher = <T,>(url: string) => adminRequest<T>(url, { fallbackMessage: MESSAGES.fetchFailed });

/**
 * The report of a range and the recent visitors. While another range loads, the last report stays
 * on screen (`switching`); after a failure nothing stale is shown. `retry` fetches both again.
 */
export function useAnalytics(query: RangeQuery) {
  const report = useSWR<AnalyticsReport, ApiError>(reportUrl(query), fetcher<AnalyticsReport>, { revalidateOnFocus: false, keepPreviousData: true });
  const recent = useSWR<RecentVisits, ApiError>(ANALYTICS_API.recent, fetcher<RecentVisits>, { revalidateOnFocus: false });
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
