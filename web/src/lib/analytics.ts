import type { EventName } from "./beacon";
import { sendEvent } from "./beaconLoader";

export type { EventName };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Records a named analytics event (e.g. sign_petition_main): through the site's own beacon
 * (`POST /api/events`), and to `window.dataLayer` when a tag manager has installed one.
 * Never throws: analytics must not block a visitor.
 */
export function trackEvent(name: EventName, params: Record<string, unknown> = {}): void {
  sendEvent(name);
  try {
    if (typeof window !== "undefined" && Array.isArray(window.dataLayer)) {
      window.dataLayer.push({ event: name, ...params });
    }
  } catch (error) {
    console.error("Analytics event failed:", error);
  }
}
