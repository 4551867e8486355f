/**
 * A mailing's head as the console sees it: a newsletter issue in the history, a petition's update in
 * its list. Pure (types and one function): the browser imports these types through
 * newsletter/issues/input.ts.
 */

export const MAILING_STATUSES = ["draft", "sending", "paused", "sent"] as const;
export type MailingStatus = (typeof MAILING_STATUSES)[number];

export interface MailingCounts {
  /** Recipients the mailing was addressed to (a delivery was claimed for each). */
  recipients: number;
  sent: number;
  /** The mailer refused (explicit), or a crash left it unknown whether it went: never sent again. */
  failed: number;
}

export interface MailingFeedback {
  delivered: number;
  bounced: number;
  complained: number;
}

/** One row of the history, and the head of a mailing. */
export interface MailingSummary {
  id: string;
  subject: string;
  status: MailingStatus;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  /** When sending began (its audience: those there before then) and who began it. */
  startedAt?: string;
  startedBy?: string;
  sentAt?: string;
  /** The audience when sending began: the progress bar's total (null until counted). */
  audience: number | null;
  counts: MailingCounts;
  /** What SES reported of its e-mails so far (deliveries, bounces, complaints): they arrive after the sends. */
  feedback: MailingFeedback;
  /** Why a paused mailing stopped; resuming continues after the last recipient done. */
  pausedReason?: string;
  /** A send waiting for the account's mail budget (its daily share used, or mail people wait for first): until when, and why. It goes on by itself. */
  waitingUntil?: string;
  waitingReason?: string;
  /** The job that shows the current run's progress (GET /api/admin/jobs/{id}). */
  jobId?: string;
}

/** POST …/send and …/resume answer 202 with the job to follow. */
export interface SendStarted {
  jobId: string;
  issue: MailingSummary;
}

/** What a send still "sending" past its lease reads as: nothing is moving it on (a crash, lost events). */
export const STOPPED_REASON = "Sending stopped unexpectedly (the sender crashed or timed out). Resume to continue.";

export type HeadItem = Record<string, unknown>;

/** The head as the console sees it; a send whose lease ran out shows as paused so it can be resumed. */
export function summaryOf(item: HeadItem, now = Date.now()): MailingSummary {
  const stalled = item.status === "sending" && Number(item.leaseUntil) < now;
  const optional = (name: string) => (typeof item[name] === "string" && item[name] !== "" ? { [name]: item[name] as string } : {});
  return {
    id: String(item.id),
    subject: String(item.subject),
    status: stalled ? "paused" : (item.status as MailingStatus),
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy),
    updatedAt: String(item.updatedAt),
    ...optional("startedAt"),
    ...optional("startedBy"),
    ...optional("sentAt"),
    audience: typeof item.audience === "number" ? item.audience : null,
    counts: { recipients: Number(item.recipients ?? 0), sent: Number(item.sent ?? 0), failed: Number(item.failed ?? 0) },
    feedback: { delivered: Number(item.delivered ?? 0), bounced: Number(item.bounced ?? 0), complained: Number(item.complained ?? 0) },
    ...(stalled ? { pausedReason: STOPPED_REASON } : optional("pausedReason")),
    // a send waiting for the mail budget (batch.ts): until when, and why
    ...(!stalled && item.status === "sending" && Number(item.waitingUntil) > now
      ? { waitingUntil: new Date(Number(item.waitingUntil)).toISOString(), ...optional("waitingReason") }
      : {}),
    ...optional("jobId"),
  };
}
