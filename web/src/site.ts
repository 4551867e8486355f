/** Constants shared by the public pages (spec §9). */
export { SITE_NAME } from "@site/core/site/page-head";
export { DISPLAY_FALLBACK_GOAL } from "@site/core/petition/figures";

/** The site's origin (SITE_URL at build time): canonical URLs and share cards. */
export const SITE_URL: string = typeof __SITE_URL__ === "string" ? __SITE_URL__ : "http://localhost:3000";

/** Every sign button of /petition leads to this petition; fixed at build time. */
export const DEFAULT_PETITION_ID: string = typeof __DEFAULT_PETITION_ID__ === "string" ? __DEFAULT_PETITION_ID__ : "timeshare-reform";

/**
 * The foundation's online payment page (DONATION_URL when the site is built). Empty until the
 * foundation has one: /donation.html then says how to give, and no button leads off-site.
 */
export const DONATION_URL: string = typeof __DONATION_URL__ === "string" ? __DONATION_URL__ : "";

/** Landing page: shown until the server returns a non-zero count. */
export const LANDING_INITIAL_COUNT = 3427;
/** Landing page goal: computed, never displayed. */
export const LANDING_GOAL = 10000;

export const REDIRECT_AFTER_SIGN_MS = 2000;
export const TOAST_MS = 3000;

export const SHARE_TEXT = "Help Fight Timeshare Scams!";
export const SHARE_DESCRIPTION =
  "I just signed the petition for fair cancellation rights, a longer rescission period and an end to inherited timeshare debt. Add your name too.";

export const TIME_ZONE = "America/New_York";

export const signPath = (id: string) => `/sign/${encodeURIComponent(id)}`;
export const sharePath = (id: string) => `/share/${encodeURIComponent(id)}`;
export const thankYouPath = (id: string) => `/thank-you/${encodeURIComponent(id)}`;
