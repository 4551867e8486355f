import { MailDrain } from "@site/core/mail-drain";
import { MailQueue } from "@site/core/mail-queue";
import { Signature } from "@site/core/signature";
import { EventHandler } from "../lib/events";

/** A mailbox that has signed signed again: it is told so (or sent its link again), through the paced mail queue. */
export const handler = EventHandler(Signature.Events.Repeated, async (detail, event) => {
  await MailQueue.enqueue("signature-repeated", event.id, { petitionId: detail.petitionId, signatureId: detail.signatureId });
  await MailDrain.nudge();
});
