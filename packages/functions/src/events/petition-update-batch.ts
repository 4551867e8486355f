import { Mailings } from "@site/core/mailing/index";
import { PetitionUpdates } from "@site/core/signature/updates";
import { EventHandler, once } from "../lib/events";

/**
 * One batch of a petition update's send (timeout 5 minutes): the next page of its signers who
 * asked, each claimed before it is sent, as a newsletter batch is. A redelivered event finds its
 * effect done (`once`), or the update moved past its cursor, and sends nothing.
 */
export const handler = EventHandler(PetitionUpdates.Events.Batch, async (detail, event) => {
  await once("petition-update-batch", event, () => Mailings.runBatch(PetitionUpdates.mailing, detail));
});
