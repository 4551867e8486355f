import { MailDrain } from "@site/core/mail-drain";
import { SignatureEffects } from "@site/core/signature/effects";
import { StreamHandler } from "../lib/streams";

/** A batch of the table's stream: every side effect of new and confirmed signatures (core/src/signature/effects.ts), then the queue's drain nudged for the e-mails it queued. */
export const handler = StreamHandler(async (records) => {
  const done = await SignatureEffects.handleBatch(records);
  if (done.mailQueued) await MailDrain.nudge();
  return done;
});
