import { Suspense, lazy } from "react";
import { PageLoader } from "../../../components/PageLoader";

// The charts library is most of this page's weight: it loads with /admin/analytics only, not with
// every admin screen.
const AnalyticsPage = lazy(() => import("./AnalyticsPage").then((module) => ({ default: module.AnalyticsPage })));

/** /admin/analytics, its chunk loaded on demand. */
export function AnalyticsRoute() {
  return (
    <Suspense fallback={<PageLoader label="Loading analytics..." />}>
      <AnalyticsPage />
    </Suspense>
  );
}
