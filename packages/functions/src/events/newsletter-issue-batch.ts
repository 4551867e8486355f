import { Issues } from "@site/core/newsletter/issues/index";
import { EventHandler, once } from "../lib/events";

/**
 * One batch of a newsletter send (timeout 5 minutes): the next page of confirmed subscribers, each
 * claimed before it is sent. A redelivered event finds its effect done (`once`), or the issue moved
 * past its cursor, and sends nothing.
 */
export const handler = EventHandler(Issues.Events.Batch, async (detail, event) => {
  await once("newsletter-issue-batch", event, () => Issues.runBatch(detail));
});
