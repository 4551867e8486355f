import { lazy, Suspense, useEffect } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import { Layout } from "./components/Layout/Layout";
import { PageLoader } from "./components/PageLoader";
import { trackPageView } from "./lib/beaconLoader";
import { PAGES } from "./pages";
import { PUBLIC_ROUTES } from "./publicRoutes";

// The admin area (and with it aws-amplify) is a separate chunk that public pages never download.
const AdminApp = lazy(() => import("./admin/AdminApp"));

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * A page view for the analytics beacon on every public route change. It renders with the public
 * layout only, so admin pages and the redirect of an unknown path are never counted.
 */
function PageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trackPageView(pathname + search);
  }, [pathname, search]);
  return null;
}

/** Marks the page once the app has taken over (hydrated or rendered): browser tests wait for it. */
function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
  return null;
}

export function App() {
  return (
    <>
      <ScrollToTop />
      <ReadyMarker />
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<PageLoader label="Loading admin..." />}>
              <AdminApp />
            </Suspense>
          }
        />
        {/* One Layout for all public pages: header, menus and footer stay mounted while pages change. */}
        <Route
          element={
            <>
              <PageViews />
              <Layout />
            </>
          }
        >
          {PUBLIC_ROUTES.map(({ path }) => {
            const Page = PAGES[path];
            return (
              <Route
                key={path}
                path={path}
                element={
                  <Suspense fallback={<PageLoader label="Loading..." />}>
                    <Page />
                  </Suspense>
                }
              />
            );
          })}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </>
  );
}
