export * as Mailings from "./index";

/**
 * Sending a mailing (definition.ts: a newsletter issue to every confirmed subscriber, or a petition's
 * update to its signers who asked) to its audience, in batches through the event bus:
 *
 *   draft ──start──► sending ──last batch──► sent
 *                      │  ▲
 *        a failure ────┘  └──── resume
 *                    paused
 *
 * A run begins (start.ts: `beginRun`, `create`, `resume`) by recording the mailing as sending, a job
 * for the console's progress bar and the first batch event in one transaction. Each event's
 * subscriber (batch.ts: `runBatch`) takes the next page of the audience after the mailing's cursor,
 * claims and sends each e-mail within the sending rate (deliveries.ts: never twice), then in one
 * transaction moves the cursor and records the next event. The audience is the one there before the
 * send started; the mailing keeps its counts, exact (recounted from the deliveries) once it is paused
 * or sent (batch-end.ts).
 *
 * A refused e-mail pauses the send with the cursor before it; so does SES's feedback past a review
 * threshold, at the next batch (newsletter/issues/feedback.ts). A batch that dies leaves the mailing
 * "sending" until its lease runs out; the bus retries it meanwhile, and afterwards it reads as paused.
 * Either way `resume` continues from the cursor.
 */
export type { Addressee, AudiencePage, Mailing, MailingRef, Rendered } from "./definition";
export { MAILING_STATUSES, STOPPED_REASON, summaryOf } from "./summary";
export type { HeadItem, MailingCounts, MailingFeedback, MailingStatus, MailingSummary, SendStarted } from "./summary";
export { beginRun, create, resume, type RunStart } from "./start";
export { runBatch } from "./batch";
export { CannotSend } from "./head";
export { BATCH_SENDING_MS, BATCH_TIMEOUT_MS, IN_FLIGHT, LEASE_MS } from "./limits";
export { MAX_ATTEMPTS, tally } from "./deliveries";
