import { Mail } from "@site/core/mail";
import { Petition } from "@site/core/petition";
import { Signature } from "@site/core/signature";
import { signerShare } from "@site/core/signature/emails";
import { EventHandler, once } from "../lib/events";

export const handler = EventHandler(Signature.Events.Created, async (detail, event) => {
  const [signature, petition] = await Promise.all([
    Signature.fromID(detail.petitionId, detail.signatureId),
    Petition.fromID(detail.petitionId),
  ]);
  await once("signature-share-email", event, () =>
    // one key per signature, so a retry or re-delivery of this share e-mail is not refused by its own claim
    Mail.sendToVisitor({ to: [signature.email], ...signerShare(signature, petition) }, { key: `signature-share:${signature.id}`, kind: "signature-share" }).then(() => {}),
  );
});
