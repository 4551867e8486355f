import { Newsletter } from "@site/core/newsletter";
import { Signature } from "@site/core/signature";
import { EventHandler } from "../lib/events";

/** Subscribes only signers who ticked "Keep me updated about the campaign"; subscribe is idempotent. */
export const handler = EventHandler(Signature.Events.Created, async (detail) => {
  const signature = await Signature.fromID(detail.petitionId, detail.signatureId);
  if (!signature.newsletterConsent) return;
  await Newsletter.subscribe({
    email: signature.email,
    name: `${signature.firstName} ${signature.lastName}`,
    consentAt: signature.newsletterConsentAt ?? signature.createdAt,
    source: `petition:${signature.petitionId}`,
  });
});
