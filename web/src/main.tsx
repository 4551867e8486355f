// The bootstrap: Mantine's base styles (layered) and the public components' styles; then, after the
// first paint, the app (start.ts).
import "./styles/public";

/**
 * The prerendered page is complete without scripts, so the app's code is not even requested before
 * the first paint: it never competes with the HTML and CSS for the visitor's first view. This file
 * stays tiny and imports nothing else, so the browser fetches no other script up front.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    // The frame after the first contentful paint (PerformanceObserver "paint"); a tab in the background
    // never paints, hence the cap.
    const next = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    const painted = (entries: PerformanceEntryList) => entries.some((e) => e.name === "first-contentful-paint");
    setTimeout(resolve, 3000);
    if (painted(performance.getEntriesByType("paint"))) return next();
    try {
      const observer = new PerformanceObserver((list) => {
        if (!painted(list.getEntries())) return;
        observer.disconnect();
        next();
      });
      observer.observe({ type: "paint", buffered: true });
    } catch {
      next();
    }
  });

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from the page");

// Only prerendered HTML has a first paint to protect; the shell of an app-rendered page (the sign
// form) is empty, and its scripts are all it waits for.
if (container.hasChildNodes()) await afterFirstPaint();
const { start } = await import("./start");
await start(container);
