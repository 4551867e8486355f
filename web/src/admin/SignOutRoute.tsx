import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { PageLoader } from "../components/PageLoader";
import { useAuth } from "./auth";

/**
 * /admin/sign-out: signs out, then opens the login page. The public /unauthorized page links here, so
 * that a refused user can sign out without that page loading the admin area's authentication code.
 */
export function SignOutRoute() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    void signOut().finally(() => navigate("/admin/login", { replace: true }));
  }, [signOut, navigate]);
  return <PageLoader label="Signing out..." />;
}
