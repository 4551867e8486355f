declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Records a named analytics event (e.g. sign_petition_main). Events go to `window.dataLayer` when a
 * tag manager has installed one; the page-view pipeline of the analytics spec plugs in here.
 * Never throws: analytics must not block a visitor.
 */
export function trackEvent(name: string, params: Record<string, unknown> = {}): void {
  try {
    if (typeof window !== "undefined" && Array.isArray(window.dataLayer)) {
      window.dataLayer.push({ event: name, ...params });
    }
  } catch (error) {
    console.error("Analytics event failed:", error);
  }
}
