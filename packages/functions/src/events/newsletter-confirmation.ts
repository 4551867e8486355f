import { MailDrain } from "@site/core/mail-drain";
import { MailQueue } from "@site/core/mail-queue";
import { Newsletter } from "@site/core/newsletter";
import { EventHandler } from "../lib/events";

/**
 * E-mails an unconfirmed subscriber their confirmation link (at most one per address per 24 h),
 * through the paced mail queue's first lane: signers who consent ask for it at the signing rate.
 */
export const handler = EventHandler(Newsletter.Events.ConfirmationRequested, async (detail, event) => {
  await MailQueue.enqueue("newsletter-confirmation", event.id, { email: detail.email, ...(detail.network ? { network: detail.network } : {}) });
  await MailDrain.nudge();
});
