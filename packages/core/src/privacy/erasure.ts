import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { Audit } from "../audit";
import { Bus } from "../bus";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { auditedPerson, recordsOf } from "../db/person-index";
import { log } from "../log";
import { Mail } from "../mail";
import { Outbox } from "../outbox";
import type { PersonalRecordKind, Person, TableKey } from "../policy/personal-record";
import { completionEmail } from "./emails";
import { Events } from "./events";
import { type PrivacyRequest } from "./index-item";
import type { ErasedCounts } from "./input";
import { KINDS, kindNamed } from "./kinds";
import { emptyCounts } from "./records";
import { InvalidPrivacyLink, openLink, readRequest, requestWrites, whileStatus } from "./requests";

/**
 * Erasure: the confirmed link's person loses every record holding their address,
 * each through its kind's descriptor (privacy/kinds.ts), which uses its module's own deletion
 * (signatures with their guards, index rows and exact counts; reports with their evidence files;
 * guide submissions; the subscriber with its lookups; their pending tokens). The request records the counts, the audit trail a hash of
 * the address, and a completion e-mail lists what went. The address's suppression entry (no address,
 * only its hash) stays, so a person who asked us to stop is not mailed again, unless they asked to
 * be e-mailed again at confirmation (`mailAgain`).
 */

interface Erased {
  counts: ErasedCounts;
  /** ids of the spreadsheet tabs that held an erased record */
  tabs: Set<string>;
}

/** Removes one record through its kind's descriptor; a record another deletion removed first counts nothing. */
async function eraseOne(kind: PersonalRecordKind, key: TableKey, person: Person, erased: Erased): Promise<void> {
  const removed = await kind.remove?.(key, person);
  if (!removed) return;
  if (kind.counted) erased.counts[kind.counted]++;
  for (const tab of removed.tabs) erased.tabs.add(tab);
}

/**
 * Erases every record the person index holds for the person's address, one by one (each deletion is
 * its module's own transaction, and one at a time keeps each module's counters free of self-conflicts),
 * then, when they asked to be e-mailed again, the records kept unless asked (the suppression entry).
 */
export async function eraseRecords(email: string, opts: { mailAgain?: boolean; requestId?: string } = {}): Promise<Erased> {
  const person: Person = { email, ...(opts.requestId ? { requestId: opts.requestId } : {}) };
  const erased: Erased = { counts: emptyCounts(), tabs: new Set() };
  for (const record of await recordsOf(email)) {
    const kind = kindNamed(record.kind);
    if (kind?.erasure === "with the person") await eraseOne(kind, record, person, erased);
  }
  if (opts.mailAgain) {
    for (const kind of KINDS.filter((k) => k.erasure === "when asked")) {
      for (const key of (await kind.find?.(person)) ?? []) await eraseOne(kind, key, person, erased);
    }
  }
  return erased;
}

/**
 * The link's confirm button: uses the token up and marks the request confirmed (with the address,
 * until done) together with the ErasureConfirmed event, in one transaction, then erases. A token
 * already used, expired or unknown changes nothing.
 */
export async function confirm(token: string, opts: { mailAgain?: boolean } = {}): Promise<ErasedCounts> {
  const link = await openLink(token);
  const req = await readRequest(link.requestId);
  if (!req || req.status !== "pending") throw new InvalidPrivacyLink();
  const event = Outbox.record(Events.ErasureConfirmed, { requestId: req.id });
  const next: PrivacyRequest = {
    ...req,
    status: "confirmed",
    confirmedAt: new Date().toISOString(),
    email: link.email,
    ...(opts.mailAgain ? { mailAgain: true } : {}),
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: link.tokenKey, ConditionExpression: "attribute_exists(pk)" } },
          ...requestWrites(next, whileStatus("pending")),
          Outbox.put(event),
        ],
      }),
    );
  } catch (err) {
    if (cancellationCodes(err).includes("ConditionalCheckFailed")) throw new InvalidPrivacyLink();
    throw err;
  }
  const counts = await complete(req.id);
  await Bus.publish(Events.ErasureConfirmed, event.detail, event.id);
  return counts ?? emptyCounts();
}

/**
 * Finishes a confirmed request: erases, then records the counts and forgets the address in one
 * conditional write (so only one finisher audits and e-mails), then the completion e-mail and the
 * spreadsheets' event. A request already completed answers its counts and does nothing.
 */
export async function complete(requestId: string): Promise<ErasedCounts | undefined> {
  const req = await readRequest(requestId);
  if (!req) return undefined;
  if (req.status !== "confirmed" || !req.email) return req.erased;
  const email = req.email;
  const erased = await eraseRecords(email, { mailAgain: req.mailAgain, requestId });
  const { email: _forgotten, mailAgain: _asked, ...rest } = req;
  const done: PrivacyRequest = { ...rest, status: "completed", completedAt: new Date().toISOString(), erased: erased.counts };
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
    await Mail.send({ kind: "privacy-completion", to: [email], ...completionEmail(erased.counts) });
  } catch (err) {
    // the erasure stands; the notice is the only thing lost, and the page showed the same counts
    log.error("completion e-mail failed", { requestId, error: (err as Error).message });
  }
  await Bus.publish(Events.Erased, sheets.detail, sheets.id);
  return erased.counts;
}
