import { preloadPageFor } from "./pageModules";

// zod 4 compiles object parsers with `new Function` unless told not to, and probes for it when a
// schema is built: under the site's Content-Security-Policy (no 'unsafe-eval') that probe is a
// violation. zod reads this global config object when it loads (the same as `z.config({ jitless:
// true })`), and every chunk holding a schema loads after this line.
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig = { jitless: true };

/** Loads the app and the current page's chunk in parallel, then lets the app take over (boot.tsx). */
export async function start(container: HTMLElement) {
  const [{ boot }] = await Promise.all([import("./boot"), preloadPageFor(window.location.pathname)]);
  await boot(container);
}
