import { SITE_NAME } from "./site";

/**
 * Every public page the site has, by path. Links to other pages of the spec (the report wizard, the
 * guides, the privacy pages) are shown only once their page is listed here, so no link ever leads to
 * /404: a page's issue adds its line and its links appear by themselves.
 *
 * A route with a title is prerendered with it and its description (the <head> of the page, its share
 * card, sitemap.xml); `index: false` keeps it out of search engines and the sitemap.
 */
export const PUBLIC_ROUTES = [
  {
    path: "/",
    title: `${SITE_NAME} | Protecting Timeshare Owners`,
    description:
      "A nonprofit that protects timeshare owners and their families: know your rights, spot resale and exit scams, and sign the petition for fair cancellation rights.",
  },
  {
    path: "/petition",
    title: "Timeshare Reform Petition",
    description:
      "Sign the petition for fair timeshare cancellation rights, a longer rescission period and an end to timeshare debt passed down to families.",
  },
  {
    path: "/timeshare-scam",
    title: "Report a Timeshare Scam",
    description:
      "Report a timeshare resale, upfront-fee, exit or recovery scam: what you can report, what happens after, where else to report it and what evidence to keep.",
  },
  {
    path: "/how-timeshare-scams-work",
    title: "How Timeshare Scams Work",
    description:
      "How timeshare resale, upfront-fee, exit and inheritance scams unfold step by step, the warning signs to watch for, and three habits that keep owners safe.",
  },
  {
    path: "/timeshare-scam-awareness",
    title: "Timeshare Scam Awareness",
    description:
      "The dangers timeshare owners and their families face from fake buyers, exit companies and inheritance scams, and a simple 3-step plan to stay safe.",
  },
  {
    path: "/consumer-rights",
    title: "Timeshare Owners' Rights",
    description:
      "What timeshare owners and heirs can do today: short cancellation windows, rising fees, refusing an inherited timeshare, and the red flags of exit and resale scams.",
  },
  {
    path: "/donate",
    title: "Donate: Join the Movement",
    description:
      "Donate to the Timeshare Owners Foundation: your gift pays for legal research, scam alerts, support for owners and families, and the petition for fair cancellation rights.",
  },
  {
    path: "/complete",
    title: "Thank You for Your Donation",
    description:
      "Thank you for donating to the Timeshare Owners Foundation. Your receipt comes by e-mail from our payment provider; here is what your gift does next.",
    index: false,
  },
  {
    path: "/cancel",
    title: "Donation Not Completed",
    description:
      "Your donation to the Timeshare Owners Foundation was not completed. You can finish it now, or sign the petition for fair timeshare cancellation rights for free.",
    index: false,
  },
  { path: "/sign/:id" },
  { path: "/share/:id" },
  { path: "/thank-you/:id" },
  {
    path: "/404",
    title: "Page Not Found",
    description: "The page you are looking for does not exist or has been moved.",
    index: false,
  },
  {
    path: "/unauthorized",
    title: "Unauthorized",
    description: "You do not have permission to view this page.",
    index: false,
  },
] as const satisfies readonly PublicRoute[];

export interface PublicRoute {
  path: string;
  /** Document title; a route with one is prerendered. */
  title?: string;
  /** Meta description and share-card text, at most 200 characters. */
  description?: string;
  /** false: `noindex`, left out of sitemap.xml. */
  index?: boolean;
}

export type PublicPath = (typeof PUBLIC_ROUTES)[number]["path"];

/** Pages of the spec that links already name but that other issues build. */
export type PlannedPath =
  | "/report-scam"
  | "/timeshare-scam-checklist"
  | "/where-scams-thrive"
  | "/before-you-sign"
  | "/spotting-exit-scams"
  | "/privacy-policy"
  | "/data-deletion-request";

const patterns = PUBLIC_ROUTES.map((r) => new RegExp(`^${r.path.replace(/:[a-zA-Z]+/g, "[^/]+")}$`));

/** The route that shows `href` (a path, optionally with query or hash), if the site has that page. */
export function routeOf(href: string): (typeof PUBLIC_ROUTES)[number] | undefined {
  const path = href.split(/[?#]/)[0].replace(/(.)\/+$/, "$1");
  const index = patterns.findIndex((p) => p.test(path));
  return index === -1 ? undefined : PUBLIC_ROUTES[index];
}

/** Whether `href` (a path, optionally with query or hash) is a page the site has. */
export const isPublicPage = (href: string): boolean => routeOf(href) !== undefined;

export type PrerenderRoute = PublicRoute & { title: string; description: string };

/** Public routes without parameters: rendered to HTML at build time with their tags, hydrated in the browser. */
export const PRERENDER_ROUTES: PrerenderRoute[] = (PUBLIC_ROUTES as readonly PublicRoute[]).filter(
  (r): r is PrerenderRoute => r.title !== undefined && r.description !== undefined,
);

/** The prerendered route for `path` (normalised: no trailing slash), if any. */
export function prerenderRoute(path: string): PrerenderRoute | undefined {
  const clean = path.replace(/(.)\/+$/, "$1");
  return PRERENDER_ROUTES.find((r) => r.path === clean);
}

/** The share image of a prerendered route: `/share-images/<slug>.jpg`, drawn by `npm run share-images`. */
export function shareImagePath(path: string): string {
  const slug = path === "/" ? "home" : path.slice(1).replace(/\//g, "-");
  return `/share-images/${slug}.jpg`;
}

export { PETITION_SHARE_IMAGE } from "@site/core/site/page-head";
