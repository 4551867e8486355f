import { SITE_NAME } from "./site";

/**
 * Every public page the site has, by path. Links to other pages of the spec (the privacy pages) are
 * shown only once their page is listed here, so no link ever leads to /404: a page's issue adds its
 * line and its links appear by themselves.
 *
 * A route with a title is prerendered with it and its description (routeDescriptions.ts: the <head> of
 * the page, its share card, sitemap.xml); `index: false` keeps it out of search engines and the sitemap.
 */
export const PUBLIC_ROUTES = [
  {
    path: "/",
    title: `${SITE_NAME} | Protecting Timeshare Owners`,
  },
  {
    path: "/petition",
    title: "Timeshare Reform Petition",
  },
  {
    path: "/timeshare-scam",
    title: "Report a Timeshare Scam",
  },
  {
    path: "/report-scam",
    captcha: true,
    title: "Report a Scam",
  },
  {
    path: "/report-scam/thank-you",
    title: "Thank You for Your Report",
    index: false,
  },
  // a reporter follows their report: the form asks for a link by e-mail; the status e-mails' stop link
  // (?r=<report id>&t=<token>) is never indexed; the link (a token in its path) is never prerendered and marks itself noindex
  {
    path: "/report-status",
    title: "Follow Your Report",
  },
  {
    path: "/report-status/unsubscribe",
    title: "Stop Report Updates",
    index: false,
  },
  { path: "/report-status/:token" },
  // the four free guides: each title is its document's (packages/core/src/lead/forms.ts)
  {
    path: "/timeshare-scam-checklist",
    captcha: true,
    title: "The Timeshare Scam Checklist",
  },
  {
    path: "/where-scams-thrive",
    captcha: true,
    title: "Where Timeshare Scams Thrive",
  },
  {
    path: "/before-you-sign",
    captcha: true,
    title: "Before You Sign a Timeshare Contract",
  },
  {
    path: "/spotting-exit-scams",
    captcha: true,
    title: "Spotting Timeshare Exit Scams",
  },
  {
    path: "/how-timeshare-scams-work",
    title: "How Timeshare Scams Work",
  },
  {
    path: "/timeshare-scam-awareness",
    title: "Timeshare Scam Awareness",
  },
  // published scam alerts: the lookup and the list; one alert's page is served with its own tags and share card by the
  // public-scam-alert-page function (alerts are data, made after the build), and runs reCAPTCHA for its correction form
  {
    path: "/scam-alerts",
    title: "Scam alerts",
  },
  { path: "/scam-alerts/:slug", captcha: true },
  {
    path: "/consumer-rights",
    title: "Timeshare Owners' Rights",
  },
  {
    path: "/donate",
    title: "Donate: Join the Movement",
  },
  {
    path: "/complete",
    title: "Thank You for Your Donation",
    index: false,
  },
  {
    path: "/cancel",
    title: "Donation Not Completed",
    index: false,
  },
  // the newsletter's links: what a link in an e-mail opens, never indexed
  {
    path: "/newsletter/confirmed",
    title: "Confirm Your Subscription",
    index: false,
  },
  {
    path: "/newsletter/unsubscribe",
    title: "Unsubscribe",
    index: false,
  },
  // the privacy pages: the policy and the request form are linked from every page's footer;
  // /my-data is what the e-mailed link opens, never indexed
  {
    path: "/privacy-policy",
    title: "Privacy Policy",
  },
  {
    path: "/data-deletion-request",
    captcha: true,
    title: "Data Deletion Request",
  },
  {
    path: "/my-data",
    title: "Your Data",
    index: false,
  },
  { path: "/sign/:id", captcha: true },
  { path: "/share/:id" },
  { path: "/thank-you/:id" },
  // the withdraw link of a signer's e-mails (?s=<signature id>&t=<token>): never prerendered, so never indexed
  { path: "/petitions/:id/withdraw" },
  // the link of a petition update's e-mail that stops that petition's updates (?s=<signature id>&t=<token>): never prerendered
  { path: "/petitions/:id/updates/unsubscribe" },
  // the confirmation link of a pending signature (petitions that verify signatures)
  { path: "/petitions/:id/confirm" },
  {
    path: "/404",
    title: "Page Not Found",
    index: false,
  },
  {
    path: "/unauthorized",
    title: "Unauthorized",
    index: false,
  },
] as const satisfies readonly PublicRoute[];

export interface PublicRoute {
  path: string;
  /** Document title; a route with one is prerendered. */
  title?: string;
  /** false: `noindex`, left out of sitemap.xml. */
  index?: boolean;
  /**
   * The page runs reCAPTCHA: only these pages' documents may load Google's code. Every other page
   * carries a stricter policy (`WITHOUT_CAPTCHA_POLICY`, written by the prerender), and the app
   * loads a captcha page as a new document when it is reached from one of them (`CaptchaDocument`).
   */
  captcha?: true;
}

export type PublicPath = (typeof PUBLIC_ROUTES)[number]["path"];

/**
 * Pages of the spec that links already name but that other issues build: none left (the privacy
 * pages were the last). A path added here may be linked before its page exists (IfPage, LinkButton).
 */
export type PlannedPath = never;

const patterns = PUBLIC_ROUTES.map((r) => new RegExp(`^${r.path.replace(/:[a-zA-Z]+/g, "[^/]+")}$`));

/** The route that shows `href` (a path, optionally with query or hash), if the site has that page. */
export function routeOf(href: string): (typeof PUBLIC_ROUTES)[number] | undefined {
  const path = href.split(/[?#]/)[0].replace(/(.)\/+$/, "$1");
  const index = patterns.findIndex((p) => p.test(path));
  return index === -1 ? undefined : PUBLIC_ROUTES[index];
}

/** Whether the page at `href` runs reCAPTCHA (its document may load Google's code). */
export const usesCaptcha = (href: string): boolean => (routeOf(href) as PublicRoute | undefined)?.captcha === true;

/** Whether `href` (a path, optionally with query or hash) is a page the site has. */
export const isPublicPage = (href: string): boolean => routeOf(href) !== undefined;

export type PrerenderRoute = PublicRoute & { title: string };
/** The paths of the prerendered routes. */
export type PrerenderPath = Extract<(typeof PUBLIC_ROUTES)[number], { title: string }>["path"];

/** Public routes without parameters: rendered to HTML at build time with their tags, hydrated in the browser. */
export const PRERENDER_ROUTES: PrerenderRoute[] = (PUBLIC_ROUTES as readonly PublicRoute[]).filter((r): r is PrerenderRoute => r.title !== undefined);

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
