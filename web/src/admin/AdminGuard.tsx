import { Navigate, Outlet, useLocation } from "react-router-dom";
import { PageLoader } from "../components/PageLoader";
import type { RefusedState } from "../pages/UnauthorizedPage";
import { AdminFrame } from "./AdminFrame";
import { useAuth } from "./auth";

/** /admin/*: no user → login; a signed-in non-admin → /unauthorized; an admin → the page. */
export function AdminGuard() {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === "loading") return <PageLoader label="Checking your session..." />;
  if (state.status === "signedOut") return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  if (!state.isAdmin) return <Navigate to="/unauthorized" replace state={{ refused: true } satisfies RefusedState} />;
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}
