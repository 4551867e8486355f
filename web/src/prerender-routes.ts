import { SITE_NAME } from "./site";

/** Public routes without parameters: rendered to HTML at build time, hydrated in the browser. */
export const PRERENDER_ROUTES = [
  { path: "/", title: `${SITE_NAME} | Protecting Timeshare Owners` },
  { path: "/petition", title: "Timeshare Reform Petition" },
  { path: "/404", title: "Page Not Found" },
  { path: "/unauthorized", title: "Unauthorized" },
] as const;
