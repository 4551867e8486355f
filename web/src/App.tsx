import { lazy, Suspense, useEffect, useLayoutEffect } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import { Layout } from "./components/Layout/Layout";
import { PageLoader } from "./components/PageLoader";
import { trackPageView } from "./lib/beaconLoader";
import { PAGES } from "./pages";
import { PUBLIC_ROUTES, usesCaptcha } from "./publicRoutes";

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
    // the new document counts it
    if (!needsOwnDocument(pathname)) trackPageView(pathname + search);
  }, [pathname, search]);
  return null;
}

/** The path the browser loaded this document for. */
const documentPath = typeof window === "undefined" ? "" : window.location.pathname;

/**
 * A page that runs reCAPTCHA, reached from a document whose policy refuses Google's code (every other
 * page's, see `WITHOUT_CAPTCHA_POLICY`), is loaded as a new document: its own has no such policy.
 * The history entry the app just pushed is replaced, so Back still returns to the previous page.
 */
function CaptchaDocument() {
  const { pathname, search, hash } = useLocation();
  useLayoutEffect(() => {
    if (needsOwnDocument(pathname)) window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  return null;
}

/**
 * Whether `pathname`, reached in the app, is about to be loaded as a new document (`CaptchaDocument`).
 * Never the path this document was served for (the SPA shell of a petition that does not exist):
 * that would reload forever.
 */
function needsOwnDocument(pathname: string): boolean {
  // decided once per location, so the reload and the page view (which skips it) always agree
  if (lastDecision?.pathname !== pathname) {
    const own = pathname !== documentPath && usesCaptcha(pathname) && document.querySelector('meta[http-equiv="Content-Security-Policy"]') !== null;
    lastDecision = { pathname, own };
  }
  return lastDecision.own;
}
let lastDecision: { pathname: string; own: boolean } | undefined;

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
      <CaptchaDocument />
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
