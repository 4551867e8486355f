import { lazy, Suspense, useEffect } from "react";
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
        <Route path="/" element={<Layout><HomePage /></Layout>} />
        <Route path="/petition" element={<Layout><PetitionPage /></Layout>} />
        <Route path="/sign/:id" element={<Layout><SignPage /></Layout>} />
        <Route path="/share/:id" element={<Layout><SharePage /></Layout>} />
        <Route path="/thank-you/:id" element={<Layout><ThankYouPage /></Layout>} />
        <Route path="/unauthorized" element={<Layout><UnauthorizedPage /></Layout>} />
        <Route path="/404" element={<Layout><NotFoundPage /></Layout>} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </>
  );
}
