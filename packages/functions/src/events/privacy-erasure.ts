import { Privacy } from "@site/core/privacy";
import { EventHandler, once } from "../lib/events";

/**
 * Runs an erasure too large for its request (a job, writing its progress into the request), or
 * finishes one its request could not (a crash, a timeout); one already finished is left alone. A run
 * stops at Privacy.JOB_RUN_BUDGET_MS, inside the 15-minute timeout, and records an event that
 * continues in a fresh run. One run per event at a time (`once`): a duplicate delivery waits for it.
 */
export const handler = EventHandler(Privacy.Events.ErasureConfirmed, async ({ requestId }, event) => {
  await once("privacy-erasure", event, async () => {
    await Privacy.complete(requestId, { budgetMs: Privacy.JOB_RUN_BUDGET_MS });
  });
});
