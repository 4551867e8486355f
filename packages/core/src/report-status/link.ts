import { PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { Bus } from "../bus";
import { settings } from "../config";
import { cancellationCodes } from "../db/cancellation";
import { updateIf } from "../db/conditional";
import { db } from "../db/client";
import { Keys } from "../db/keys";
import { personHash } from "../db/person-index";
import { SubmittedMeanwhile, keyTaken, submissionPut, submitOnce } from "../idempotency/submissions";
import { log } from "../log";
import { Mail } from "../mail";
import { MailQueue } from "../mail-queue";
import { Outbox } from "../outbox";
import { RateLimit } from "../ratelimit";
import { Report } from "../report";
import { linkEmail } from "./emails";
import { Events } from "./events";
import { mint } from "./token";

/**
 * Asking for a status link, in three steps so that no answer and no timing tells whether a
 * reference number and an address belong together:
 * 1. the route (`request`): the client's attempt counted, then the event `report-status.link-requested`
 *    recorded (outbox) and published, whatever the pair; the answer is always the same 202;
 * 2. its subscriber (`onRequested`): the report the reference names, its reporter's address compared by
 *    hash, the report's daily allowance; only a match enqueues the e-mail on the paced mail queue;
 * 3. the queue's drain (`sendLink`, deliveries.ts): the token minted and the link e-mailed to the
 *    address the report holds (never to the one typed: they are the same mailbox, normalised).
 */

export const RATE_SCOPE = "report-status";
/** Links e-mailed for one report per UTC day: a reporter who lost one asks again; more are silently not sent. */
export const LINKS_PER_REPORT_PER_DAY = 3;
/** The mail queue's delivery kind of the link (mail-queue/lanes.ts `links`). */
export const LINK_DELIVERY = "report-status-link";

/** Counts one attempt of the client at asking for a link: 429 past PRIVACY_RATE_LIMIT_PER_MINUTE (the privacy link's limit: the same kind of form). */
export const countAttempt = (ipAddress: string) => RateLimit.consumeClient(RATE_SCOPE, ipAddress, settings().PRIVACY_RATE_LIMIT_PER_MINUTE);

/** The form's submissions by idempotency key (idempotency/submissions.ts). */
const SUBMISSION_SCOPE = "report-status-link";

/**
 * Step 1: the same writes and the same answer for every pair: nothing is looked up here. With the
 * page's idempotency `key`, stored with the event in one transaction, a retry records no second event
 * (so mails no second link).
 */
export async function request(input: { reference: string; email: string }, key?: string): Promise<void> {
  await submitOnce(SUBMISSION_SCOPE, key, async () => {
    const event = Outbox.record(Events.LinkRequested, { reference: input.reference, person: personHash(input.email) });
    if (!key) await db().send(new PutCommand(Outbox.put(event).Put));
    else
      try {
        await db().send(new TransactWriteCommand({ TransactItems: [Outbox.put(event), submissionPut(SUBMISSION_SCOPE, key, { status: "sent" })] }));
      } catch (err) {
        if (keyTaken(key, cancellationCodes(err))) throw new SubmittedMeanwhile(SUBMISSION_SCOPE);
        throw err;
      }
    await Bus.publish(Events.LinkRequested, event.detail, event.id);
    return { status: "sent" };
  });
}

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** One of the report's links of the day, or false when they are used. */
async function claimDay(reportId: string, now: number): Promise<boolean> {
  return updateIf({
    Key: Keys.reportStatusLinkDay(reportId, dayOf(now)),
    UpdateExpression: "ADD sent :one SET #type = :type, expiresAt = :exp",
    ConditionExpression: "attribute_not_exists(sent) OR sent < :max",
    ExpressionAttributeNames: { "#type": "type" },
    ExpressionAttributeValues: { ":one": 1, ":max": LINKS_PER_REPORT_PER_DAY, ":type": "reportStatusLinkDay", ":exp": Math.floor(now / 1000) + 2 * 86_400 },
  });
}

/** The report a reference names, or undefined. */
async function byReference(reference: string): Promise<Report.Info | undefined> {
  try {
    return await Report.fromReference(reference);
  } catch (err) {
    if (err instanceof Report.ReportNotFound) return undefined;
    throw err;
  }
}

/**
 * Step 2 (the subscriber, once per event): true when the pair names a report and its link is queued.
 * Every other outcome is silent but for a log line without the address.
 */
export async function onRequested(detail: { reference: string; person: string }, eventId: string, now = Date.now()): Promise<boolean> {
  const report = await byReference(detail.reference);
  if (!report?.reporter.email || personHash(report.reporter.email) !== detail.person) return false;
  if (!(await claimDay(report.id, now))) {
    log.info("report status link not sent: the report's links of the day are used", { reportId: report.id });
    return false;
  }
  await MailQueue.enqueue(LINK_DELIVERY, eventId, { reportId: report.id });
  return true;
}

/** Step 3 (the drain): a link to a report erased meanwhile is not sent. */
export async function sendLink(reportId: string): Promise<void> {
  const report = await Report.find(reportId);
  if (!report?.reporter.email) return;
  const token = await mint(report.id);
  await Mail.send({ kind: LINK_DELIVERY, to: [report.reporter.email], ...linkEmail(token, report.reference) });
}
