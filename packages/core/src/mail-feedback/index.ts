export * as MailFeedback from "./index";

import { adminRecipients, settings } from "../config";
import { log } from "../log";
import { markSuppressed } from "../newsletter/suppressed";
import * as IssueFeedback from "../newsletter/issues/feedback";
import { Suppression } from "../suppression";
import { SesEvent } from "../mail/ses-event";
import { CONFIGURATION_SET_TAG, type FeedbackType } from "../mail/ses-events";
import * as MailBreaker from "../mail/breaker";

export { SesEvent };
import { Mail, escapeHtml } from "../mail";

/**
 * What SES reports about a message it sent through our configuration set: its event destination
 * puts each event on the account's default EventBridge bus (source `aws.ses`), whose rule invokes
 * the `mail-feedback` subscriber. Locally the outbox driver answers as SES's mailbox simulator does
 * and delivers the same events through the same subscriber (mail/simulator.ts).
 */
export { FEEDBACK_DETAIL_TYPES, SES_SOURCE, type FeedbackType } from "../mail/ses-events";

/** The message's kind, from the `kind` tag every send carries (mail/index.ts). */
export const kindOf = (event: SesEvent) => event.mail.tags?.kind?.[0] ?? "unknown";

/** The newsletter issue an e-mail belonged to (its `issue` tag). */
export const issueOf = (event: SesEvent) => event.mail.tags?.issue?.[0];

/**
 * Whether the event is about a message this stage sent: tagged with one of its configuration sets
 * (MAIL_CONFIGURATION_SET, or the privacy link's MAIL_PRIVACY_CONFIGURATION_SET; set where SES sends:
 * locally none, and every event is the outbox's own).
 */
export function isOurs(event: SesEvent): boolean {
  const s = settings();
  if (!s.MAIL_CONFIGURATION_SET) return true;
  const set = event.mail.tags?.[CONFIGURATION_SET_TAG]?.[0];
  return set === s.MAIL_CONFIGURATION_SET || (set !== undefined && set === s.MAIL_PRIVACY_CONFIGURATION_SET);
}

export interface Outcome {
  type: FeedbackType;
  kind: string;
  /** another stage's (or app's) event that reached this one: nothing done */
  foreign?: true;
  /** addresses suppressed by this event */
  suppressed: string[];
  /** addresses whose transient bounce was counted without suppressing them yet */
  counted: string[];
  /** this event opened the feedback breaker (mail/breaker.ts) */
  pausedVisitorMail?: true;
}

/** How many recipients the event is about. */
const recipientsOf = (event: SesEvent) =>
  event.bounce?.bouncedRecipients.length ?? event.complaint?.complainedRecipients.length ?? event.delivery?.recipients.length ?? event.mail.destination.length;

/** The administrators learn that visitor mail stopped, and why (their own mail is never held). */
async function tellAdministrators(state: MailBreaker.State): Promise<void> {
  const to = adminRecipients();
  if (!to.length) return;
  const why = state.reason ?? "too many visitor e-mails bounced or were marked as spam";
  await Mail.send({
    kind: "admin-notice",
    to,
    subject: "Visitor e-mail is paused",
    text: `E-mail to addresses typed by visitors is paused: ${why}. Bounces and spam reports at this rate put the site's SES account at risk of being paused, and then no e-mail would go at all. Privacy links and these notices still go. Check the recent signatures, reports and forms for made-up addresses, then resume visitor e-mail on the admin dashboard; held e-mails go out then.`,
    html: `<p>E-mail to addresses typed by visitors is <strong>paused</strong>: ${escapeHtml(why)}.</p><p>Bounces and spam reports at this rate put the site's SES account at risk of being paused, and then no e-mail would go at all. Privacy links and these notices still go.</p><p>Check the recent signatures, reports and forms for made-up addresses, then resume visitor e-mail on the admin dashboard; held e-mails go out then.</p>`,
  });
}

/**
 * Whether acting on the event twice would differ from once: only a transient bounce's count. The
 * subscriber claims once() (two writes) for these alone; every other event sets what it sets.
 */
export const countsOnce = (event: SesEvent) => issueOf(event) !== undefined || (event.eventType === "Bounce" && event.bounce?.bounceType !== "Permanent");

/**
 * Acts on one SES event: a permanent bounce or a complaint suppresses each recipient it names (and
 * marks their newsletter subscription bounced or complained); a transient bounce is counted (and
 * suppresses at the limit); a delivery or a reject changes no list.
 * An issue's e-mail is counted on the issue (newsletter/issues/feedback.ts), which may pause its send.
 * Acting twice on one event leaves the same list, except the counts (`countsOnce`).
 */
export async function record(event: SesEvent): Promise<Outcome> {
  const kind = kindOf(event);
  const outcome: Outcome = { type: event.eventType, kind, suppressed: [], counted: [] };
  // the rule matches our configuration set only (stacks/Events.ts): checked again, as a staging
  // bounce must never suppress a real person's address in production
  if (!isOurs(event)) {
    log.debug("mail feedback: an event of another configuration set, ignored", { type: event.eventType, set: event.mail.tags?.[CONFIGURATION_SET_TAG]?.[0] });
    return { ...outcome, foreign: true };
  }
  if (event.eventType === "Bounce" && event.bounce) {
    const at = event.bounce.timestamp ?? event.mail.timestamp ?? new Date().toISOString();
    for (const r of event.bounce.bouncedRecipients) {
      if (event.bounce.bounceType === "Permanent") {
        await Suppression.suppress("bounce", { address: r.emailAddress, kind, at });
        await markSuppressed(r.emailAddress, "bounce", at);
        outcome.suppressed.push(r.emailAddress);
      } else {
        const entry = await Suppression.countTransientBounce({ address: r.emailAddress, kind, at });
        if (entry.suppressed) await markSuppressed(r.emailAddress, "transient-bounces", at);
        (entry.suppressed ? outcome.suppressed : outcome.counted).push(r.emailAddress);
      }
    }
  } else if (event.eventType === "Complaint" && event.complaint) {
    const at = event.complaint.timestamp ?? event.mail.timestamp ?? new Date().toISOString();
    for (const r of event.complaint.complainedRecipients) {
      await Suppression.suppress("complaint", { address: r.emailAddress, kind, at });
      await markSuppressed(r.emailAddress, "complaint", at);
      outcome.suppressed.push(r.emailAddress);
    }
  } else if (event.eventType === "Reject") {
    log.warn("SES rejected a message", { kind, messageId: event.mail.messageId, reason: event.reject?.reason });
  }
  const issue = issueOf(event);
  if (issue && event.eventType !== "Reject") await IssueFeedback.count(issue, event.eventType);
  if (await MailBreaker.count(kind, MailBreaker.outcomeOf(event.eventType, recipientsOf(event), event.bounce?.bounceType === "Permanent"))) {
    outcome.pausedVisitorMail = true;
    await tellAdministrators(await MailBreaker.state());
  }
  if (outcome.suppressed.length) log.info("mail feedback: addresses suppressed", { type: event.eventType, kind, count: outcome.suppressed.length });
  return outcome;
}
