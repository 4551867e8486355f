import { Privacy } from "@site/core/privacy";
import { EventHandler } from "../lib/events";

/** Finishes an erasure its request could not (a crash, a timeout); one already finished is left alone. */
export const handler = EventHandler(Privacy.Events.ErasureConfirmed, async ({ requestId }) => {
  await Privacy.complete(requestId);
});
