import { preloadAlert } from "../components/LateAlert";
import { deferred } from "./deferred";

/**
 * What a public form loads when the visitor starts on it (its first focus), not with the page: what
 * sending it needs (submission.ts: the runtime config, reCAPTCHA and its script), the alerts it may
 * show (LateAlert) and the form's own rules (`rules`, e.g. its zod schemas). Each loads once; a
 * submit that comes first waits for them (`submission.load()`).
 */
export const submission = deferred(() => import("./submission"));

export function startForm(...rules: (() => Promise<unknown>)[]): void {
  submission.load().then(
    ({ prepareCaptcha }) => prepareCaptcha(),
    (cause) => console.error("The form could not be prepared:", cause),
  );
  preloadAlert();
  for (const load of rules) load().catch((cause) => console.error("The form's rules could not be loaded:", cause));
}
