import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import { Layout } from "./components/Layout/Layout";
import { PageLoader } from "./components/PageLoader";
import { HomePage } from "./pages/HomePage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { PetitionPage } from "./pages/PetitionPage/PetitionPage";
import { SharePage } from "./pages/SharePage";
import { SignPage } from "./pages/SignPage";
import { ThankYouPage } from "./pages/ThankYouPage";
import { UnauthorizedPage } from "./pages/UnauthorizedPage";
import { PUBLIC_ROUTES, type PublicPath } from "./publicRoutes";

/** The page of every public route (publicRoutes.ts): a route without a page, or the reverse, fails typecheck. */
const PAGES: Record<PublicPath, ReactNode> = {
  "/": <HomePage />,
  "/petition": <PetitionPage />,
  "/sign/:id": <SignPage />,
  "/share/:id": <SharePage />,
  "/thank-you/:id": <ThankYouPage />,
  "/unauthorized": <UnauthorizedPage />,
  "/404": <NotFoundPage />,
};

// The admin area (and with it aws-amplify) is a separate chunk that public pages never download.
const AdminApp = lazy(() => import("./admin/AdminApp"));

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<PageLoader label="Loading admin..." />}>
              <AdminApp />
            </Suspense>
          }
        />
        {PUBLIC_ROUTES.map(({ path }) => (
          <Route key={path} path={path} element={<Layout>{PAGES[path]}</Layout>} />
        ))}
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </>
  );
}
