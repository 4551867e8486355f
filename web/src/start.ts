import { preloadPageFor } from "./pageModules";

/** Loads the app and the current page's chunk in parallel, then lets the app take over (boot.tsx). */
export async function start(container: HTMLElement) {
  const [{ boot }] = await Promise.all([import("./boot"), preloadPageFor(window.location.pathname)]);
  await boot(container);
}
