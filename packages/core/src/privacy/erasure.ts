import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { Audit } from "../audit";
import { Bus } from "../bus";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { updateIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { auditedPerson, recordsOf } from "../db/person-index";
import { SubmittedMeanwhile, keyTaken, submissionPut } from "../idempotency/submissions";
import { Job } from "../jobs";
import { log } from "../log";
import { Mail } from "../mail";
import { Outbox } from "../outbox";
import type { PersonalRecordKind, Person, TableKey } from "../policy/personal-record";
import { hashToken, newToken } from "../util/token";
import { deleteDownloads } from "./download";
import { completionEmail } from "./emails";
import { Events } from "./events";
import { type PrivacyRequest, type StoredProgress } from "./index-item";
import { ERASE_IN_JOB_ABOVE, type EraseAnswer, type ErasedCounts } from "./input";
import { KINDS, countedLabels, kindNamed } from "./kinds";
import { emptyCounts } from "./records";
import { InvalidPrivacyLink, openLink } from "./requests";
import { readRequest, requestWrites, whileStatus } from "./requests-store";

/**
 * Erasure: the confirmed link's person loses every record holding their address,
 * each through its kind's descriptor (privacy/kinds.ts), which uses its module's own deletion
 * (signatures with their guards, index rows and exact counts; reports with their evidence files;
 * guide submissions; the subscriber with its lookups; their pending tokens), and their large
 * downloads still in the bucket. The request records the counts, the audit trail a hash of
 * the address, and a completion e-mail lists what went. The address's suppression entry (no address,
 * only its hash) stays, so a person who asked us to stop is not mailed again, unless they asked to
 * be e-mailed again at confirmation (`mailAgain`).
 *
 * A small erasure runs inside the confirming request and answers its counts. One of more than
 * ERASE_IN_JOB_ABOVE records runs as a job: the confirmation answers at once with a status token,
 * and the privacy-erasure subscriber (15 minutes) erases, writing its progress into the request
 * (at most every Job.PROGRESS_EVERY_MS), which /my-data polls with that token.
 */

export { ERASE_IN_JOB_ABOVE } from "./answers";
export { ERASURE_STATUS_HOURS, UnknownErasure, erasureStatus } from "./erasure-status";
/**
 * One run of the job stops starting new records this long after it began and records an event
 * that continues in a fresh run, well inside the subscriber's 15-minute timeout.
 */
export const JOB_RUN_BUDGET_MS = Job.SUBSCRIBER_LEASE_MS - 90_000;

interface Target {
  kind: PersonalRecordKind;
  key: TableKey;
}

export interface Erased {
  counts: ErasedCounts;
  /** ids of the spreadsheet tabs that held an erased record */
  tabs: Set<string>;
  /** records erased (or found gone), earlier runs included */
  completed: number;
  /** completed + the records this run found */
  total: number;
  /** false: the run stopped at its budget and records remain */
  finished: boolean;
}

/**
 * What an erasure removes: every record the person index holds for the address of a kind erased
 * with the person, then, when they asked to be e-mailed again, the records kept unless asked (the
 * suppression entry).
 */
async function targets(person: Person, mailAgain: boolean | undefined): Promise<Target[]> {
  const found: Target[] = [];
  for (const record of await recordsOf(person.email)) {
    const kind = kindNamed(record.kind);
    if (kind?.erasure === "with the person") found.push({ kind, key: record });
  }
  if (mailAgain) {
    for (const kind of KINDS.filter((k) => k.erasure === "when asked")) {
      for (const key of (await kind.find?.(person)) ?? []) found.push({ kind, key });
    }
  }
  return found;
}

/** Removes one record through its kind's descriptor; a record another deletion removed first counts nothing. */
async function eraseOne({ kind, key }: Target, person: Person, erased: Erased): Promise<void> {
  const removed = await kind.remove?.(key, person);
  if (!removed) return;
  if (kind.counted) erased.counts[kind.counted] = (erased.counts[kind.counted] ?? 0) + 1;
  for (const tab of removed.tabs) erased.tabs.add(tab);
}

export interface EraseOptions {
  mailAgain?: boolean;
  requestId?: string;
  /** What earlier runs of this erasure erased (its stored progress): this run adds to it. */
  from?: StoredProgress;
  /** Called after each record (the caller decides when to write it). */
  onProgress?: (erased: Erased) => Promise<void>;
  /** True once the run must start no new record (its time budget); a run erases one record at least. */
  over?: () => boolean;
}

/**
 * Erases the person's records one by one (each deletion is its module's own transaction, and one at
 * a time keeps each module's counters free of self-conflicts).
 */
export async function eraseRecords(email: string, opts: EraseOptions = {}): Promise<Erased> {
  const person: Person = { email, ...(opts.requestId ? { requestId: opts.requestId } : {}) };
  const todo = await targets(person, opts.mailAgain);
  const before = opts.from?.completed ?? 0;
  const erased: Erased = {
    counts: { ...emptyCounts(), ...opts.from?.erased },
    tabs: new Set(opts.from?.tabs),
    completed: before,
    total: before + todo.length,
    finished: true,
  };
  for (const [i, target] of todo.entries()) {
    if (i > 0 && opts.over?.()) {
      erased.finished = false;
      break;
    }
    await eraseOne(target, person, erased);
    erased.completed++;
    await opts.onProgress?.(erased);
  }
  return erased;
}

const stored = (erased: Erased): StoredProgress => ({
  completed: erased.completed,
  total: erased.total,
  erased: erased.counts,
  tabs: [...erased.tabs],
});

/** The request's progress, written only while it is still confirmed (one write unit). */
function progressUpdate(requestId: string, progress: StoredProgress) {
  const confirmed = whileStatus("confirmed");
  return {
    TableName: table(),
    Key: Keys.privacyRequest(requestId),
    UpdateExpression: "SET progress = :progress",
    ConditionExpression: confirmed.expression,
    ExpressionAttributeNames: confirmed.names,
    ExpressionAttributeValues: { ":progress": progress, ...confirmed.values },
  };
}

async function saveProgress(requestId: string, erased: Erased): Promise<void> {
  // refused: another finisher completed it meanwhile, nothing left to report
  await updateIf(progressUpdate(requestId, stored(erased)));
}

/**
 * The link's confirm button: uses the token up and marks the request confirmed (with the address,
 * until done) together with the ErasureConfirmed event, in one transaction, then erases, or, past
 * `jobAbove` records (default ERASE_IN_JOB_ABOVE), leaves the erasure to the privacy-erasure
 * subscriber and answers its progress and status token. A token already used, expired or unknown
 * changes nothing. With `submission`, the page's idempotency key is stored in the same transaction
 * (naming the request): another attempt having stored it first is a SubmittedMeanwhile (erasure-once.ts).
 */
export async function confirm(
  token: string,
  opts: { mailAgain?: boolean; jobAbove?: number; submission?: { scope: string; key: string } } = {},
): Promise<EraseAnswer> {
  const link = await openLink(token);
  const req = await readRequest(link.requestId);
  if (!req || req.status !== "pending") throw new InvalidPrivacyLink();
  const found = (await targets({ email: link.email, requestId: req.id }, opts.mailAgain)).length;
  // the status token: the request's id, then a secret whose hash only the request keeps
  const secret = found > (opts.jobAbove ?? ERASE_IN_JOB_ABOVE) ? newToken() : undefined;
  const progress = { completed: 0, total: found };
  const event = Outbox.record(Events.ErasureConfirmed, { requestId: req.id });
  const next: PrivacyRequest = {
    ...req,
    status: "confirmed",
    confirmedAt: new Date().toISOString(),
    email: link.email,
    ...(opts.mailAgain ? { mailAgain: true } : {}),
    ...(secret ? { progress, statusTokenHash: hashToken(secret) } : {}),
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: link.tokenKey, ConditionExpression: "attribute_exists(pk)" } },
          ...requestWrites(next, whileStatus("pending")),
          Outbox.put(event),
          ...(opts.submission ? [submissionPut(opts.submission.scope, opts.submission.key, { requestId: req.id })] : []),
        ],
      }),
    );
  } catch (err) {
    const codes = cancellationCodes(err);
    if (opts.submission && keyTaken(opts.submission.key, codes)) throw new SubmittedMeanwhile(opts.submission.scope);
    if (codes.includes("ConditionalCheckFailed")) throw new InvalidPrivacyLink();
    throw err;
  }
  if (secret) {
    await Bus.publish(Events.ErasureConfirmed, event.detail, event.id);
    return { status: "erasing", progress, statusToken: `${req.id}.${secret}` };
  }
  const counts = await complete(req.id);
  await Bus.publish(Events.ErasureConfirmed, event.detail, event.id);
  return { erased: counts ?? emptyCounts() };
}

/**
 * Runs or finishes a confirmed request's erasure: erases (from where an earlier run stopped), then
 * records the counts and forgets the address in one conditional write (so only one finisher audits
 * and e-mails), then the completion e-mail and the spreadsheets' event. A request already completed
 * answers its counts and does nothing. With `budgetMs` (the subscriber), a run that reaches it
 * saves its progress with an event that continues in a fresh run, and answers undefined.
 */
export async function complete(requestId: string, opts: { budgetMs?: number } = {}): Promise<ErasedCounts | undefined> {
  const req = await readRequest(requestId);
  if (!req) return undefined;
  if (req.status !== "confirmed" || !req.email) return req.erased;
  const email = req.email;
  const until = Date.now() + (opts.budgetMs ?? Number.POSITIVE_INFINITY);
  const writer = Job.progressWriter((erased: Erased) => saveProgress(requestId, erased));
  const erased = await eraseRecords(email, {
    mailAgain: req.mailAgain,
    requestId,
    from: req.progress,
    onProgress: writer.tick,
    over: () => Date.now() >= until,
  });
  if (!erased.finished) return continueLater(requestId, erased);
  await deleteDownloads(email);

  const { email: _forgotten, mailAgain: _asked, progress: _progress, ...rest } = req;
  const done: PrivacyRequest = {
    ...rest,
    status: "completed",
    completedAt: new Date().toISOString(),
    erased: erased.counts,
    // a job's page reads how far it went; the counts so far and the tabs are done with
    ...(req.progress ? { progress: { completed: erased.completed, total: erased.completed } } : {}),
  };
  const sheets = Outbox.record(Events.Erased, { requestId, tabs: [...erased.tabs] });
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [...requestWrites(done, whileStatus("confirmed")), Outbox.put(sheets)] }));
  } catch (err) {
    // another finisher (the subscriber, a retry) completed it first: it audits and e-mails
    if (cancellationCodes(err).includes("ConditionalCheckFailed")) return (await readRequest(requestId))?.erased;
    throw err;
  }
  const rows = Object.values(erased.counts).reduce((a, b) => a + b, 0);
  await Audit.record({ action: "privacy.erased", actor: "the person (confirmed link)", target: `${auditedPerson(email)} (request ${requestId})`, rows });
  try {
    await Mail.send({ kind: "privacy-completion", to: [email], ...completionEmail(erased.counts, countedLabels()) });
  } catch (err) {
    // the erasure stands; the notice is the only thing lost, and the page showed the same counts
    log.error("completion e-mail failed", { requestId, error: (err as Error).message });
  }
  await Bus.publish(Events.Erased, sheets.detail, sheets.id);
  return erased.counts;
}

/** A run out of time: its progress and the event of the next run, in one transaction (while still confirmed), then that event. */
async function continueLater(requestId: string, erased: Erased): Promise<undefined> {
  const next = Outbox.record(Events.ErasureConfirmed, { requestId });
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [{ Update: progressUpdate(requestId, stored(erased)) }, Outbox.put(next)] }));
  } catch (err) {
    if (cancellationCodes(err).includes("ConditionalCheckFailed")) return undefined;
    throw err;
  }
  log.info("erasure continues in a fresh run", { requestId, completed: erased.completed, total: erased.total });
  await Bus.publish(Events.ErasureConfirmed, next.detail, next.id);
  return undefined;
}
