import { adminRecipients } from "@site/core/config";
import { Mail } from "@site/core/mail";
import { Petition } from "@site/core/petition";
import { Signature } from "@site/core/signature";
import { adminNotification } from "@site/core/signature/emails";
import { EventHandler, once } from "../lib/events";

export const handler = EventHandler(Signature.Events.Created, async (detail, event) => {
  const to = adminRecipients();
  if (to.length === 0) return;
  const [signature, petition] = await Promise.all([
    Signature.fromID(detail.petitionId, detail.signatureId),
    Petition.fromID(detail.petitionId),
  ]);
  await once("signature-notify-admin", event, () => Mail.send({ to, ...adminNotification(signature, petition) }));
});
