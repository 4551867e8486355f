/**
 * The link to /scam-alerts from the home page, /timeshare-scam and the report's thank-you page: a
 * module of its own, so those pages do not load the alert pages' words.
 */
export const ALERTS_LINK = { to: "/scam-alerts", label: "Check a company before you pay" } as const;
