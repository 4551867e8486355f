import type { Context } from "aws-lambda";
import type { Bus } from "@site/core/bus";
import { MailDrain } from "@site/core/mail-drain";
import { SignatureEffects } from "@site/core/signature/effects";
import { Signature } from "@site/core/signature";
import { EventHandler } from "../lib/events";

/**
 * `signature.created` and `signature.verified` as they were published before a signature's side
 * effects moved to the table's stream: an outbox item of theirs left at an upgrade is still
 * delivered (the sweeper republishes it) and does what their subscribers did then.
 */
const created = EventHandler(Signature.Events.Created, async (detail, event) => {
  await SignatureEffects.handleLegacyEvent("created", detail, event.id);
  await MailDrain.nudge();
});
const verified = EventHandler(Signature.Events.Verified, async (detail, event) => {
  await SignatureEffects.handleLegacyEvent("verified", detail, event.id);
  await MailDrain.nudge();
});

export const handler = (envelope: Bus.Envelope<unknown>, context?: Context) =>
  envelope["detail-type"] === Signature.Events.Verified.type ? verified(envelope, context) : created(envelope, context);
