import type { ReactNode } from "react";
import { isPublicPage, type PlannedPath, type PublicPath } from "../publicRoutes";

/**
 * Renders `children` (a link to `to`) only when the site has that page (publicRoutes.ts), so a link
 * to a page still to be built never leads to /404 and appears by itself once the page exists.
 */
export function IfPage({ to, children }: { to: PublicPath | PlannedPath; children: ReactNode }) {
  return isPublicPage(to) ? <>{children}</> : null;
}
