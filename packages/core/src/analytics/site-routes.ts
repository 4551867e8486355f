/**
 * The site's public routes, as `web/src/publicRoutes.ts` lists them (a unit test keeps the two
 * equal; that module belongs to the web build, so the server keeps its own copy). Page views count
 * under their route, so a petition's pages add up under "/sign/:id" and the set of pages is bounded.
 */
export const SITE_ROUTES = [
  "/",
  "/petition",
  "/timeshare-scam",
  "/report-scam",
  "/report-scam/thank-you",
  "/report-status",
  "/report-status/unsubscribe",
  "/report-status/:token",
  "/timeshare-scam-checklist",
  "/where-scams-thrive",
  "/before-you-sign",
  "/spotting-exit-scams",
  "/how-timeshare-scams-work",
  "/timeshare-scam-awareness",
  "/scam-alerts",
  "/scam-alerts/:slug",
  "/consumer-rights",
  "/donate",
  "/complete",
  "/cancel",
  "/newsletter/confirmed",
  "/newsletter/unsubscribe",
  "/privacy-policy",
  "/data-deletion-request",
  "/my-data",
  "/sign/:id",
  "/share/:id",
  "/thank-you/:id",
  "/petitions/:id/withdraw",
  "/petitions/:id/updates/unsubscribe",
  "/petitions/:id/confirm",
  "/404",
  "/unauthorized",
] as const;

/** Page views of pages the site does not have. */
export const OTHER_ROUTE = "other";

const patterns = SITE_ROUTES.map((route) => ({ route, pattern: new RegExp(`^${route.replace(/:[a-zA-Z]+/g, "[^/]+")}$`) }));

/** The path without its query or fragment, and without a trailing slash (but "/"). */
export const pathOnly = (pathAndQuery: string) => pathAndQuery.split(/[?#]/)[0].replace(/(.)\/+$/, "$1");

/** The route a path belongs to ("/sign/abc" → "/sign/:id"), else "other". */
export function routeOf(path: string): string {
  const clean = pathOnly(path);
  return patterns.find((p) => p.pattern.test(clean))?.route ?? OTHER_ROUTE;
}

/** The admin console is never counted. */
export const isAdminPath = (path: string) => /^\/admin(\/|$)/i.test(pathOnly(path));
