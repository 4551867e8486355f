import { Privacy } from "@site/core/privacy";
import { ok, publicRoute } from "../lib/http";

/**
 * /my-data while an erasure runs as a job: `{statusToken}` (from the erase answer) →
 * `{status: "erasing", progress: {completed, total}}`, then `{status: "erased", erased: {…counts}}`; an
 * unknown or old token is a 404. Reads one item and never the address. Not counted against the
 * per-client limit: the page polls it every few seconds, and its 256-bit secret cannot be guessed.
 */
export const handler = publicRoute(async (req) => {
  const { statusToken } = req.body(Privacy.ErasureStatusInput);
  return ok(await Privacy.erasureStatus(statusToken));
});
