import { newsletterMessage } from "../list-mail";
import * as Audience from "./audience";
import { Events } from "./events";
import { IssueKeys } from "./keys";
import type { Mailing } from "./mailing";

/** Newsletter issues as a mailing (mailing.ts): every subscriber confirmed before the send began. */
export const newsletterMailing: Mailing<Audience.Addressee, typeof Events.Batch.schema> = {
  mailKind: "newsletter-issue",
  jobKind: "newsletter.issue",
  head: (ref) => IssueKeys.issue(ref.id),
  body: (ref) => IssueKeys.body(ref.id),
  deliveries: (ref) => IssueKeys.deliveryPartition(ref.id),
  batch: {
    event: Events.Batch,
    detail: (ref, run, cursor) => ({ issueId: ref.id, run, cursor }),
    ref: (detail) => ({ id: detail.issueId }),
  },
  audience: {
    count: (_ref, until) => Audience.count(until),
    page: (_ref, opts) => Audience.page(opts),
  },
  message: (_ref, to, rendered) => newsletterMessage(to, rendered),
  // SES's feedback on the issue's e-mails is counted on it (feedback.ts)
  tags: (ref) => ({ issue: ref.id }),
  audit: { started: "newsletter.issue_send_started", resumed: "newsletter.issue_resumed", sent: "newsletter.issue_sent" },
};
