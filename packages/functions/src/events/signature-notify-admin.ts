import { adminRecipients } from "@site/core/config";
import { MailQueue } from "@site/core/mail-queue";
import { Signature } from "@site/core/signature";
import { EventHandler } from "../lib/events";

/** The administrators' notice of a signature, through the paced mail queue (a digest in a surge). */
export const handler = EventHandler(Signature.Events.Created, async (detail, event) => {
  if (adminRecipients().length === 0) return;
  await MailQueue.enqueue("signature-notify-admin", event.id, { petitionId: detail.petitionId, signatureId: detail.signatureId });
  await MailQueue.nudge();
});
