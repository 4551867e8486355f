import { SITE_NAME } from "./site";

/**
 * Every public page the site has, by path. Links to other pages of the spec (donate, privacy policy,
 * data deletion, ...) are shown only once their page is listed here, so no link ever leads to /404:
 * a page's issue adds its line and its links appear by themselves. Routes with a title are
 * prerendered with it.
 */
export const PUBLIC_ROUTES = [
  { path: "/", title: `${SITE_NAME} | Protecting Timeshare Owners` },
  { path: "/petition", title: "Timeshare Reform Petition" },
  { path: "/sign/:id" },
  { path: "/share/:id" },
  { path: "/thank-you/:id" },
  { path: "/404", title: "Page Not Found" },
  { path: "/unauthorized", title: "Unauthorized" },
] as const;

export type PublicPath = (typeof PUBLIC_ROUTES)[number]["path"];

/** Pages of the spec that links already name but that are not built yet. */
export type PlannedPath = "/donate" | "/privacy-policy" | "/data-deletion-request";

const patterns = PUBLIC_ROUTES.map((r) => new RegExp(`^${r.path.replace(/:[a-zA-Z]+/g, "[^/]+")}$`));

/** Whether `href` (a path, optionally with query or hash) is a page the site has. */
export function isPublicPage(href: string): boolean {
  const path = href.split(/[?#]/)[0].replace(/(.)\/+$/, "$1");
  return patterns.some((p) => p.test(path));
}

/** Public routes without parameters: rendered to HTML at build time with their title, hydrated in the browser. */
export const PRERENDER_ROUTES = PUBLIC_ROUTES.filter((r): r is Extract<(typeof PUBLIC_ROUTES)[number], { title: string }> => "title" in r);
