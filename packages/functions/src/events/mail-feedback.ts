import type { Bus } from "@site/core/bus";
import { MailFeedback } from "@site/core/mail-feedback";
import { parse } from "@site/core/util/zod";
import { once } from "../lib/events";

/**
 * SES's sending events for our configuration set (bounce, complaint, delivery, reject), from the
 * account's default bus; locally from the outbox's mailbox simulator. A redelivered event counts a
 * transient bounce once; the others are safe to repeat and skip the once() claim's two writes.
 */
export const handler = async (envelope: Bus.Envelope) => {
  const event = parse(MailFeedback.SesEvent, envelope.detail);
  if (MailFeedback.countsOnce(event)) await once("mail-feedback", envelope, () => MailFeedback.record(event).then(() => {}));
  else await MailFeedback.record(event);
};
