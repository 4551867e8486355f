import type { Mailing } from "../../mailing/definition";
import { newsletterMessage } from "../list-mail";
import * as Audience from "./audience";
import { Events } from "./events";
import { head } from "./issue-store";
import { IssueKeys } from "./keys";
import { renderIssue } from "./render";

/** Newsletter issues as a mailing (mailing/definition.ts): every subscriber confirmed before the send began. */
export const newsletterMailing: Mailing<Audience.Addressee, typeof Events.Batch.schema> = {
  mailKind: "newsletter-issue",
  jobKind: "newsletter.issue",
  head: (ref) => IssueKeys.issue(ref.id),
  // an id no issue can have, or an issue gone, is IssueNotFound (404)
  readHead: (ref) => head(ref.id),
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
  render: renderIssue,
  message: (_ref, to, rendered) => newsletterMessage(to, rendered),
  // SES's feedback on the issue's e-mails is counted on it (feedback.ts)
  tags: (ref) => ({ issue: ref.id }),
  audit: { started: "newsletter.issue_send_started", resumed: "newsletter.issue_resumed", sent: "newsletter.issue_sent" },
};
