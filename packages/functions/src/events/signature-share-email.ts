import { MailQueue } from "@site/core/mail-queue";
import { Signature } from "@site/core/signature";
import { EventHandler } from "../lib/events";

/**
 * The signer's e-mail, through the paced mail queue (rendered when it is sent): the share e-mail, or
 * for a pending signature its confirmation link (the share e-mail then follows `signature.verified`).
 */
export const handler = EventHandler(Signature.Events.Created, async (detail, event) => {
  const kind = detail.pending ? "signature-confirmation" : "signature-share-email";
  await MailQueue.enqueue(kind, event.id, { petitionId: detail.petitionId, signatureId: detail.signatureId });
  await MailQueue.nudge();
});
