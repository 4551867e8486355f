import { z } from "zod";
import { limitQuery } from "../../util/page";
import type { MailingSummary as IssueSummary } from "../../mailing/summary";

/**
 * What the admin console sends and receives for newsletter issues. The compose page
 * imports this module: zod and types only (with the pure mailing/summary.ts), never the AWS SDK.
 */

export const SUBJECT_MAX = 200;
/** The Markdown source, counted in UTF-8 bytes. */
export const BODY_MAX_BYTES = 100 * 1024;
/** The request limit of the routes that take an issue's content: the largest body JSON-escaped, and room for the rest. */
export const ISSUE_REQUEST_MAX_BYTES = 2 * BODY_MAX_BYTES + 8 * 1024;

/** An issue's head and its send are a mailing's (mailing/summary.ts, pure like this module). */
export { MAILING_STATUSES as ISSUE_STATUSES } from "../../mailing/summary";
export type {
  MailingStatus as IssueStatus,
  MailingCounts as IssueCounts,
  MailingFeedback as IssueFeedback,
  MailingSummary as IssueSummary,
  SendStarted,
} from "../../mailing/summary";

export const MESSAGES = {
  subjectRequired: "Please enter a subject",
  subjectTooLong: `The subject must be at most ${SUBJECT_MAX} characters`,
  subjectOneLine: "The subject must be one line of text",
  bodyRequired: "Please write the issue's text",
  bodyTooLong: `The text must be at most ${BODY_MAX_BYTES / 1024} KB`,
} as const;

export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

// C0 controls (line breaks included) and DEL: a subject is one header line.
const CONTROL = /[\u0000-\u001f\u007f]/;

export const IssueSubject = z
  .string({ error: MESSAGES.subjectRequired })
  .trim()
  .min(1, MESSAGES.subjectRequired)
  .max(SUBJECT_MAX, MESSAGES.subjectTooLong)
  .refine((s) => !CONTROL.test(s), MESSAGES.subjectOneLine);

export const IssueBody = z
  .string({ error: MESSAGES.bodyRequired })
  .refine((s) => s.trim().length > 0, MESSAGES.bodyRequired)
  .refine((s) => utf8Bytes(s) <= BODY_MAX_BYTES, MESSAGES.bodyTooLong);

/** A draft's content: POST (create), PUT (update), preview and the test send. Unknown fields are dropped. */
export const IssueContent = z.object({ subject: IssueSubject, body: IssueBody }, { error: "Please send a subject and a body" });
export type IssueContentInput = z.input<typeof IssueContent>;
export type IssueContent = z.output<typeof IssueContent>;

/** Issue ids are time-sortable ids (util/id.ts). */
export const IssueId = z.string().regex(/^[0-9a-z]{21}$/, "Issue not found");

/** GET /api/admin/newsletter/issues: newest first, `limit` a page, `before` the last id of the previous page. */
export const IssueListQuery = z.object({
  limit: limitQuery(),
  before: z
    .string()
    .regex(/^[0-9a-z]{21}$/, "Unknown page of issues")
    .optional(),
});

export interface Issue extends IssueSummary {
  /** The Markdown source. */
  body: string;
}

export interface IssueList {
  items: IssueSummary[];
  /** Pass as `before` for the next (older) page; absent on the last. */
  next?: string;
}

/** What POST …/preview answers: the e-mail as a subscriber gets it (with the unsubscribe footer). */
export interface IssuePreview {
  subject: string;
  html: string;
  text: string;
}
