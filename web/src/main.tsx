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
    // rAF runs just before a paint, the timeout just after it; hidden tabs never paint, hence the cap.
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 500);
  });

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from the page");

await afterFirstPaint();
const { start } = await import("./start");
await start(container);
