import { MailQueue } from "@site/core/mail-queue";
import { Signature } from "@site/core/signature";
import { EventHandler } from "../lib/events";

/** A confirmed signature's thank-you and share e-mail, through the paced mail queue. */
export const handler = EventHandler(Signature.Events.Verified, async (detail, event) => {
  await MailQueue.enqueue("signature-share-email", event.id, { petitionId: detail.petitionId, signatureId: detail.signatureId });
  await MailQueue.nudge();
});
