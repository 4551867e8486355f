import { DeleteCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { Audit } from "../audit";
import { Bus } from "../bus";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { Lead, LeadNotFound } from "../lead";
import { LeadAdmin } from "../lead/admin";
import { log } from "../log";
import { Mail } from "../mail";
import { Newsletter } from "../newsletter";
import { Outbox } from "../outbox";
import { PetitionNotFound } from "../petition";
import { ReportNotFound } from "../report";
import { ReportAdmin } from "../report/admin";
import { SignatureNotFound } from "../signature";
import { SignatureDeletion } from "../signature/deletion";
import { completionEmail } from "./emails";
import { Events } from "./events";
import { noteListChanged, type PrivacyRequest } from "./index-item";
import type { ErasedCounts } from "./input";
import { auditedPerson, personHash } from "../db/person-index";
import { recordsOf, type PersonRecord } from "./person-index";
import { Suppression } from "../suppression";
import { emptyCounts } from "./records";
import { InvalidPrivacyLink, openLink, readRequest, requestWrites, whileStatus } from "./requests";

/**
 * Erasure (issue 12 §2): the confirmed link's person loses every record holding their address,
 * each through the deletion its own module uses (signatures with their guards, index rows and
 * exact counts; reports with their evidence files; guide submissions; the subscriber with its
 * lookups), then their pending tokens. The request records the counts, the audit trail a hash of
 * the address, and a completion e-mail lists what went. The address's suppression entry (no address,
 * only its hash) stays, so a person who asked us to stop is not mailed again, unless they asked to
 * be e-mailed again at confirmation (`mailAgain`).
 */

const afterKey = (key: string, prefix: string) => (key.startsWith(prefix) ? key.slice(prefix.length) : undefined);

/** Swallows the "already gone" of a record another deletion removed first. */
async function removedNow(remove: () => Promise<unknown>, ...already: (new (...args: never[]) => Error)[]): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (err) {
    if (already.some((type) => err instanceof type)) return false;
    throw err;
  }
}

interface Erased {
  counts: ErasedCounts;
  signatures: boolean;
  reports: boolean;
  leadForms: Set<string>;
}

async function eraseOne(record: PersonRecord, email: string, erased: Erased): Promise<void> {
  switch (record.kind) {
    case "signature": {
      const key = Keys.signatureOf(record);
      if (!key) break;
      if (await removedNow(() => SignatureDeletion.remove(key.petitionId, key.signatureId), SignatureNotFound, PetitionNotFound)) {
        erased.counts.signature++;
        erased.signatures = true;
      }
      break;
    }
    case "report": {
      const id = afterKey(record.pk, "REPORT#");
      if (id && (await removedNow(() => ReportAdmin.remove(id), ReportNotFound))) {
        erased.counts.report++;
        erased.reports = true;
      }
      break;
    }
    case "lead": {
      const id = afterKey(record.pk, "LEAD#");
      const lead = id ? await Lead.find(id) : undefined;
      if (lead && (await removedNow(() => LeadAdmin.remove(lead.form, lead.id), LeadNotFound))) {
        erased.counts.lead++;
        erased.leadForms.add(lead.form);
      }
      break;
    }
    case "newsletter":
      if (await Newsletter.erase(email)) erased.counts.newsletter++;
      break;
    case "newsletterToken":
    case "privacyToken":
      await db().send(new DeleteCommand({ TableName: table(), Key: { pk: record.pk, sk: record.sk } }));
      break;
  }
}

/** The person asked to be e-mailed again: their address's suppression goes (ours and SES's), audited under their hash. */
async function mailAgain(email: string, requestId: string): Promise<void> {
  const person = personHash(email);
  if (!(await Suppression.lift(person, { address: email }))) return;
  await Audit.record({ action: "mail.suppression_lifted", actor: "the person (confirmed link)", target: `person ${person} (request ${requestId})`, rows: 1 });
}

/** Erases every record the person index holds for `email`, one by one (each deletion is its module's own transaction). */
export async function eraseRecords(email: string): Promise<Erased> {
  const erased: Erased = { counts: emptyCounts(), signatures: false, reports: false, leadForms: new Set() };
  // The subscriber is found by address, the rest by key; one at a time keeps each module's counters free of self-conflicts.
  for (const record of await recordsOf(email)) await eraseOne(record, email, erased);
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
  const next: PrivacyRequest = { ...req, status: "confirmed", confirmedAt: new Date().toISOString(), email: link.email, ...(opts.mailAgain ? { mailAgain: true } : {}) };
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
  noteListChanged();
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
  const erased = await eraseRecords(email);
  if (req.mailAgain) await mailAgain(email, requestId);
  const { email: _forgotten, mailAgain: _asked, ...rest } = req;
  const done: PrivacyRequest = { ...rest, status: "completed", completedAt: new Date().toISOString(), erased: erased.counts };
  const sheets = Outbox.record(Events.Erased, { requestId, signatures: erased.signatures, reports: erased.reports, leadForms: [...erased.leadForms] });
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [...requestWrites(done, whileStatus("confirmed")), Outbox.put(sheets)] }));
  } catch (err) {
    // another finisher (the subscriber, a retry) completed it first: it audits and e-mails
    if (cancellationCodes(err).includes("ConditionalCheckFailed")) return (await readRequest(requestId))?.erased;
    throw err;
  }
  noteListChanged();
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
