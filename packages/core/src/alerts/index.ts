export * as Alerts from "./index";

/**
 * Published scam alerts (issue 41, docs/scam-intelligence.md "Scam alerts"): an administrator publishes a
 * case as an alert in their own words with the identifiers the public may look it up by; its figures
 * are recounted from the case's consenting members (`refresh`); anyone looks a company up in any
 * spelling (`lookup`), counted by day without the query; a company may ask for a correction. Imports
 * report/ (never cases/: the cases room calls `refresh`).
 */

export { AlertNotFound, bySlug, find, publicOf, publishedBySlug } from "./store";
export { publish, refresh, slugOfCase, SlugsTaken, CaseNotPublishable, type PublishRequest } from "./publish";
export { update, describeChange, AlertChangedMeanwhile } from "./update";
export { lookup, listPublished, publishedForSitemap } from "./lookup";
export { alertHead, withAlertData, alertSitemap, ALERT_SITEMAP_PATH, SCAM_ALERT_SHARE_IMAGE } from "./page";
export { countLookup, lookupReport } from "./lookup-counts";
export { requestCorrection, correctionsOf, type Correction } from "./corrections";
export { correctionKind } from "./corrections-kind";
export { statsOf } from "./stats";
export { LookupQuery, PublishInput, UpdateInput, CorrectionInput } from "./input";
export * from "./types";
export * from "./edge-cache";

import { listPage, publicOf } from "./store";
import type { Alert } from "./types";

/** The administrators' list: every alert, published or not, newest first, 50 a page. */
export async function listAll(cursor?: string): Promise<{ alerts: Alert[]; next: string | null }> {
  return listPage("all", 50, cursor);
}

/** An alert as the administrators see it, with what the public sees of it. */
export const adminView = (alert: Alert) => ({ ...alert, public: publicOf(alert) });
