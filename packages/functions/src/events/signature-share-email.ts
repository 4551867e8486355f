import { Idempotency } from "@site/core/idempotency";
import { Mail } from "@site/core/mail";
import { Petition } from "@site/core/petition";
import { Signature } from "@site/core/signature";
import { signerShare } from "@site/core/signature/emails";
import { EventHandler } from "../lib/events";

export const handler = EventHandler(Signature.Events.Created, async (detail, event) => {
  const [signature, petition] = await Promise.all([
    Signature.fromID(detail.petitionId, detail.signatureId),
    Petition.fromID(detail.petitionId),
  ]);
  await Idempotency.once("signature-share-email", event.id, () =>
    Mail.send({ to: [signature.email], ...signerShare(signature, petition) }),
  );
});
