import { MailQueue } from "@site/core/mail-queue";
import { Signature } from "@site/core/signature";
import { EventHandler } from "../lib/events";

/** The signer's share e-mail, through the paced mail queue (rendered when it is sent). */
export const handler = EventHandler(Signature.Events.Created, async (detail, event) => {
  await MailQueue.enqueue("signature-share-email", event.id, { petitionId: detail.petitionId, signatureId: detail.signatureId });
  await MailQueue.nudge();
});
