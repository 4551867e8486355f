/**
 * The site's own analytics beacon: page views and named events go to `POST /api/events`
 * with `navigator.sendBeacon`, on the site's own origin. It keeps nothing in the browser (no cookie,
 * no storage: the server derives the visitor), never throws and never holds up the page. Admin
 * pages are not tracked.
 */

// Types only: the schemas themselves (zod) stay out of the beacon.
import type { EventName } from "@site/core/analytics/input";

export type { EventName };

const EVENTS_URL = "/api/events";
// The route's limit (MAX_PATH_LENGTH of @site/core/analytics/input, whose import would bring zod along).
const MAX_TEXT = 512;

const isAdminPath = (path: string) => /^\/admin([/?]|$)/.test(path);

// The external page the visitor came from belongs to the landing view only: the views that follow
// inside the app would otherwise repeat it.
let referrerSent = false;
let lastPageView: string | undefined;

function send(body: { t: "pageview" | "event"; n?: EventName; p: string; r?: string }): void {
  try {
    if (isAdminPath(body.p)) return;
    const data = JSON.stringify(body);
    // A string goes as text/plain: no CORS preflight, and the route accepts it.
    if (navigator.sendBeacon) navigator.sendBeacon(EVENTS_URL, data);
    else fetch(EVENTS_URL, { method: "POST", body: data, keepalive: true, credentials: "omit" }).catch(() => {});
  } catch {
    // Analytics must never break a page.
  }
}

/** Runs `task` once the browser is idle (and, for a speculatively prerendered page, once it is shown). */
function whenIdle(task: () => void): void {
  const doc = document as Document & { prerendering?: boolean };
  if (doc.prerendering) doc.addEventListener("prerenderingchange", () => whenIdle(task), { once: true });
  // Safari has no requestIdleCallback.
  else if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 1);
}

const currentPath = () => location.pathname + location.search;

/**
 * Records a view of a page (`location.pathname + location.search`, the current one by default) once
 * the browser is idle. Called on every route change; the same page twice in a row (React's
 * development double effects) is one view.
 */
export function trackPageView(path?: string): void {
  if (typeof window === "undefined") return; // the prerender
  try {
    // Read now: by the time the browser is idle the visitor may be on the next page.
    const p = (path ?? currentPath()).slice(0, MAX_TEXT);
    const referrer = document.referrer.slice(0, MAX_TEXT);
    whenIdle(() => {
      if (p === lastPageView) return;
      lastPageView = p;
      const r = referrerSent ? "" : referrer;
      referrerSent = true;
      send(r ? { t: "pageview", p, r } : { t: "pageview", p });
    });
  } catch {
    // as in send()
  }
}

/** Records a named event on the current page (or `path`: where it happened, if the visitor has moved on). */
export function sendEvent(name: EventName, path?: string): void {
  if (typeof window === "undefined") return;
  try {
    send({ t: "event", n: name, p: (path ?? currentPath()).slice(0, MAX_TEXT) });
  } catch {
    // as in send()
  }
}
