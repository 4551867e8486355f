import { ALERT_DATA_ID, PUBLIC_ALERTS_API_PATH, publicAlertApiPath, type LookupAnswer, type PublicAlert, type PublishedPage } from "@site/core/alerts/types";
import { request } from "../../lib/api";

/**
 * The public alert API as the pages call it (docs/public-api.md): the lookup, the published list, one
 * alert, a correction request. No rules here (the server normalises what is typed): the lookup page's
 * first load stays small.
 */

export const lookupAlerts = (q: string, signal?: AbortSignal) => request<LookupAnswer>(`${PUBLIC_ALERTS_API_PATH}?q=${encodeURIComponent(q)}`, { signal });

export const publishedAlerts = (cursor?: string) =>
  request<PublishedPage>(cursor ? `${PUBLIC_ALERTS_API_PATH}?cursor=${encodeURIComponent(cursor)}` : PUBLIC_ALERTS_API_PATH);

export const alertOf = (slug: string) => request<PublicAlert>(publicAlertApiPath(slug));

export const correctionPath = (slug: string) => `${publicAlertApiPath(slug)}/corrections`;

let embedded: PublicAlert | null | undefined;

/** The alert the page was served with (public-scam-alert-page.ts puts it in a JSON data block), if it is `slug`'s. */
export function embeddedAlert(slug: string | undefined): PublicAlert | undefined {
  if (embedded === undefined) {
    const text = typeof document === "undefined" ? null : document.getElementById(ALERT_DATA_ID)?.textContent;
    try {
      embedded = text ? (JSON.parse(text) as PublicAlert) : null;
    } catch {
      embedded = null;
    }
  }
  return embedded && slug !== undefined && embedded.slug === slug ? embedded : undefined;
}
