export * as Report from "./index";

import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { z } from "zod";
import { Bus, event } from "../bus";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryPages } from "../db/query";
import { transactWithRetries } from "../db/transact";
import { keyTaken, submissionPut, SubmittedMeanwhile } from "../idempotency/submissions";
import { Evidence, EvidenceRefused, type ClaimedEvidence, type EvidencePurpose } from "../evidence";
import { errorAttributes, log } from "../log";
import { Outbox } from "../outbox";
import { RateLimit, TooManyAttempts, TooManyForMailbox } from "../ratelimit";
import type { MetaDetails } from "../request/meta-details";
import { NotFoundError } from "../util/error";
import { sortableId } from "../util/id";
import { newYorkDate, newYorkTime } from "../util/time";
import { creationPuts } from "./identifier-items";
import { creationItems } from "./index-item";
import { deleteStored } from "./removal";
import { Removed } from "./removed-event";
import { reportItem, reportOfItem } from "./stored-item";
import type { ReportSubmission } from "./input";
import type { Info, StoredEvidence } from "./info";
import { normaliseReference, referenceNumber } from "./reference";

export { ReportInput, type ReportSubmission } from "./input";
export { formatUsd } from "./amount";
export { isReferenceNumber, normaliseReference } from "./reference";

/**
 * Scam reports on the server: one DynamoDB item per report holding its scam types,
 * contact methods, evidence and metadata, written in one transaction with its reference guard, the
 * client's rate-limit hit and the outbox item of `report.created`. The pure modules beside this
 * one (input, catalogue, draft, ...) are what the browser imports; this one is the AWS side.
 */

export const Events = {
  Created: event("report.created", z.object({ reportId: z.string() })),
  /** { reportId, caseId? }: recorded in the removal's transaction, published after it (removal.ts) */
  Removed,
};

export const RATE_SCOPE = "report";
export const UPLOAD_RATE_SCOPE = "upload";

/** Triage states; a new report is "new". */
export { STATUSES, STATUS_LABELS, type Status } from "./status";

export type { Info, StoredEvidence } from "./info";

export class ReportNotFound extends NotFoundError {
  constructor() {
    super("report.not_found", "Report not found");
  }
}

export interface CreateRequest {
  submission: ReportSubmission;
  /** Who is reporting, for the per-client rate limit (the client IP). */
  client: string;
  meta: MetaDetails;
  /** The page's key for this submission, sent again with each retry of it (idempotency/submissions.ts). */
  idempotencyKey?: string;
}

export type CreatedEvent = ReturnType<typeof createdEvent>;

/** `report.created` with its stable id: stored in the report's transaction (outbox), then published. */
export const createdEvent = (report: Pick<Info, "id">) => Outbox.record(Events.Created, { reportId: report.id });

/** The same normalisation as signatures': the privacy lookups find a person's records by it. */
export { normaliseEmail, reportItem, reportOfItem } from "./stored-item";

/**
 * A visitor's report: stored (`create`), then `report.created` published, whose subscribers confirm it
 * and the rest (the outbox item stored with it carries the event should this process die first).
 */
export async function submit(req: CreateRequest): Promise<Info> {
  const { report, event } = await create(req);
  await Bus.publish(Events.Created, event.detail, event.id);
  return report;
}

/**
 * Stores a report. Its evidence uploads are claimed first (checked, moved under `reports/<id>/`);
 * then one transaction writes the report. If anything fails after a claim, the claimed files are
 * deleted. A reference number that is already taken (1 in 2^40 per report) is drawn again.
 */
export async function create(req: CreateRequest, now = new Date(), draw: () => string = referenceNumber): Promise<{ report: Info; event: CreatedEvent }> {
  const limit = settings().REPORT_RATE_LIMIT_PER_MINUTE;
  const refs = evidenceRefs(req.submission);
  // A refusal after the claims would cost the visitor their uploads: a client out of attempts is
  // refused before. The transaction still enforces the limit.
  if (refs.length) await RateLimit.check(RATE_SCOPE, req.client, limit);
  const id = sortableId(now.getTime());
  try {
    const evidence = await claimAll(id, refs);
    let report = build(id, req, evidence, now, draw);
    const event = createdEvent(report);
    report = await writeWithRetries(report, req.client, event, draw, req.idempotencyKey);
    // the files are the report's now: the malware scan's verdicts will find it (locally, its stand-in starts here)
    Evidence.scanLanded(evidence.map((e) => e.key));
    return { report, event };
  } catch (err) {
    if (refs.length) await discardEvidence(id);
    throw err;
  }
}

/** The report item before it is written (pure). */
export function build(id: string, req: CreateRequest, evidence: StoredEvidence[], now = new Date(), draw: () => string = referenceNumber): Info {
  const { submission: s } = req;
  return {
    id,
    reference: draw(),
    status: "new",
    reporter: s.reporter,
    scamTypes: s.scamTypes,
    contactMethods: s.contactMethods,
    moneyLost: s.moneyLost,
    amountLost: s.amountLost,
    dateOccurred: s.dateOccurred,
    scammer: s.scammer,
    evidence,
    reportedElsewhere: s.reportedElsewhere,
    reportedTo: s.reportedTo,
    wantUpdates: s.wantUpdates,
    publishConsent: s.publishConsent,
    meta: req.meta,
    createdDate: newYorkDate(now),
    createdTime: newYorkTime(now),
    createdAt: now.toISOString(),
  };
}

export function referenceItem(report: Pick<Info, "id" | "reference">) {
  return { ...Keys.reportRef(report.reference), type: "reportRef", reportId: report.id };
}

/**
 * The Puts of the report's own data: the reference guard first (its position is read back from a
 * cancellation), then the report. Whatever else a report needs written with it (an admin index
 * row, its identifier items: at most a dozen) belongs here, after these two.
 */
export function reportItems(report: Info) {
  return [
    { Put: { TableName: table(), Item: referenceItem(report), ConditionExpression: "attribute_not_exists(pk)" } },
    { Put: { TableName: table(), Item: reportItem(report), ConditionExpression: "attribute_not_exists(pk)" } },
    ...creationItems(report),
    ...creationPuts(report),
  ];
}

/** Positions in the transaction's cancellation reasons. */
const RATE_AT = 0;
const MAILBOX_AT = 1;
const REFERENCE_AT = 2;

/** The report's transaction: the client's rate-limit hit, its mailbox's daily count, the report's items, the outbox item. */
export function transaction(report: Info, client: string, event: CreatedEvent = createdEvent(report), idempotencyKey?: string) {
  return new TransactWriteCommand({
    TransactItems: [
      { Update: RateLimit.hit(RATE_SCOPE, client, settings().REPORT_RATE_LIMIT_PER_MINUTE) },
      { Update: RateLimit.mailboxHit(report.reporter.email) },
      ...reportItems(report),
      Outbox.put(event),
      // last: its cancellation reason is the last one
      ...(idempotencyKey ? [submissionPut(SUBMISSION_SCOPE, idempotencyKey, { reportId: report.id, reference: report.reference })] : []),
    ],
  });
}

/** The scope of a report's submission keys (idempotency/submissions.ts). */
export const SUBMISSION_SCOPE = "report";

/** Only this client's own concurrent reports contend for its rate window: a burst is refused as such. */
const RATE_CONFLICTS_BEFORE_REFUSING = 3;

/** Writes the report's transaction; a taken reference number is drawn again. Answers the report as written. */
async function writeWithRetries(report: Info, client: string, event: CreatedEvent, draw: () => string, idempotencyKey?: string): Promise<Info> {
  let rateConflicts = 0;
  await transactWithRetries(() => transaction(report, client, event, idempotencyKey), {
    onCancelled: (reasons) => {
      if (keyTaken(idempotencyKey, reasons)) throw new SubmittedMeanwhile(SUBMISSION_SCOPE);
      if (reasons[RATE_AT] === "ConditionalCheckFailed") throw new TooManyAttempts();
      if (reasons[RATE_AT] === "TransactionConflict" && ++rateConflicts >= RATE_CONFLICTS_BEFORE_REFUSING) throw new TooManyAttempts();
      if (reasons[MAILBOX_AT] === "ConditionalCheckFailed") throw new TooManyForMailbox();
      if (reasons[REFERENCE_AT] !== "ConditionalCheckFailed") return;
      report = { ...report, reference: draw() };
      return "retry";
    },
  });
  return report;
}

type EvidenceRef = { purpose: EvidencePurpose; uploadId: string };

function evidenceRefs(submission: ReportSubmission): EvidenceRef[] {
  const { contactEmail, details } = submission.evidence;
  return [
    ...(contactEmail ? [{ purpose: "contactEmail" as const, uploadId: contactEmail.uploadId }] : []),
    ...(details ? [{ purpose: "details" as const, uploadId: details.uploadId }] : []),
  ];
}

/**
 * Claims every upload; the first refusal (e.g. a .pdf that is not a PDF) is what the visitor is
 * told, under the field of the file it concerns.
 */
async function claimAll(reportId: string, refs: EvidenceRef[]): Promise<StoredEvidence[]> {
  const claims = await Promise.allSettled(refs.map((r) => Evidence.claim(r.uploadId, r.purpose, reportId)));
  const failed = claims.findIndex((c) => c.status === "rejected");
  if (failed >= 0) {
    const reason = (claims[failed] as PromiseRejectedResult).reason;
    throw reason instanceof EvidenceRefused ? reason.at(refs[failed].purpose) : reason;
  }
  return claims.map((c, i) => ({ purpose: refs[i].purpose, ...(c as PromiseFulfilledResult<ClaimedEvidence>).value }));
}

async function discardEvidence(reportId: string) {
  try {
    await Evidence.deleteReportEvidence(reportId);
  } catch (err) {
    // the report was not stored; its files are orphans under reports/<id>/ (logged for the operators)
    log.error("could not delete the evidence of a report that was not stored", { reportId, ...errorAttributes(err) });
  }
}

/** Report ids are sortable ids (util/id.ts). */
const REPORT_ID_PATTERN = /^[0-9a-z]{21}$/;
export const isPossibleId = (id: string) => REPORT_ID_PATTERN.test(id);

/** The report, or undefined when there is none with this id. */
export async function find(id: string): Promise<Info | undefined> {
  if (!isPossibleId(id)) return undefined;
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.report(id) }));
  return res.Item ? reportOfItem(res.Item) : undefined;
}

export async function fromID(id: string): Promise<Info> {
  const report = await find(id);
  if (!report) throw new ReportNotFound();
  return report;
}

/** The report a reference number names, typed in any case and with or without dashes. */
export async function fromReference(typed: string): Promise<Info> {
  const reference = normaliseReference(typed);
  if (!reference) throw new ReportNotFound();
  const guard = await db().send(new GetCommand({ TableName: table(), Key: Keys.reportRef(reference) }));
  const reportId = guard.Item?.reportId;
  if (typeof reportId !== "string") throw new ReportNotFound();
  return fromID(reportId);
}

/** The keys a report's removal deletes first (the report's own items; see reportItems). */
export { removalKeys } from "./removal";

/**
 * Deletes a report: its evidence files, then its items in one transaction (removal.ts: the report,
 * which must still exist, so two concurrent removals count once; its reference guard, admin index
 * row and the count, identifier items, case member item, and `report.removed`, published after).
 * A failure in between leaves the report listed, so it can be deleted again (the other order would
 * leave files nobody can find). Idempotent: removing a report that is gone still deletes whatever
 * evidence is left. True when the report item existed.
 */
export async function remove(id: string): Promise<boolean> {
  if (!isPossibleId(id)) return false;
  await Evidence.deleteReportEvidence(id);
  return deleteStored(id);
}

/** Every report, newest first (gsi1 REPORTS), a page at a time. */
export async function* allNewestFirst(): AsyncGenerator<Info[]> {
  const pages = queryPages({
    TableName: table(),
    IndexName: "gsi1",
    KeyConditionExpression: "gsi1pk = :pk",
    ExpressionAttributeValues: { ":pk": Keys.reportListPartition },
    ScanIndexForward: false,
  });
  for await (const page of pages) yield (page.Items ?? []).map(reportOfItem);
}

export { EvidenceRefused };
