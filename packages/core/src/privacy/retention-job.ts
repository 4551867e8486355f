import { DeleteCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { Audit, type Entry } from "../audit";
import { deleteInTransaction } from "../collection/delete-all";
import { cancellationCodes } from "../db/cancellation";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { deleteAll as deleteLeadsBefore } from "../lead/admin";
import { LEAD_FORMS, type LeadForm } from "../lead/forms";
import { errorAttributes, log } from "../log";
import { indexKey as subscriberIndexKey, noteListChanged as touchSubscribers } from "../newsletter/index-item";
import { isRowExpired, subscribers } from "../newsletter/listing";
import { mutate, revisionShard } from "../newsletter/store";
import { isExpired, read as readSubscriber } from "../newsletter/subscriber";
import { deleteAll as deleteReportsBefore } from "../report/admin";
import { PART as REPORTS_PART, decodeRow as decodeReportRow, layout as reportLayout } from "../report/index-item";
import { Sheets } from "../sheets";
import { syncLeadsSoon } from "../sheets/lead-tabs";
import { syncReportsSoon } from "../sheets/reports";
import { syncSignaturesSoon } from "../sheets/signatures";
import type { Info as SignatureInfo, MetaDetails } from "../signature";
import { indexItem as signatureIndexItem, noteListChanged as touchSignatures } from "../signature/index-item";
import { rowsBefore } from "../signature/index-partitions";
import type { SignatureRow } from "../signature/row";
import { revisionUpdate } from "../signature/deletion";
import { petitionIds } from "../signature/listing";
import { normaliseEmail } from "../util/email";
import { sortableIdFloor } from "../util/id";
import { recordsOf } from "./person-index";
import { SIGNATURE_RETENTION_YEARS, SUBMISSION_RETENTION_YEARS, cutoff } from "../policy/retention";

/**
 * The daily retention job (issue 12 §3), one run at `now`; every limit comes from retention.ts.
 *
 * - Guide submissions (all four forms) and scam reports made before `cutoff(SUBMISSION_RETENTION_YEARS)`
 *   are deleted through their delete-all (lead/admin.ts, report/admin.ts: the chunked deletion of
 *   collection/delete-all.ts, whose cut-off is an operation's start): each record with its index
 *   row (a report also with its reference guard and evidence files), counts decremented exactly.
 * - Signatures made before `cutoff(SIGNATURE_RETENTION_YEARS)` are anonymised, not deleted, so the
 *   petition's count stays exact: name, e-mail and metadata are blanked, the normalised e-mail and
 *   the person-index keys removed and `anonymisedAt` set; the e-mail guard (its key holds the
 *   address) is deleted and the admin index row rewritten, in one transaction per group.
 * - Unconfirmed newsletter subscribers past their TTL (30 days after their latest consent) are
 *   removed through the subscribers' one write path (newsletter/store.ts), with their index row,
 *   and their expired confirmation tokens: DynamoDB deletes by TTL lazily (DynamoDB Local never).
 * - Raw analytics hits, rate-limit windows and the other short-lived items go by TTL alone.
 *
 * Each run is audited once (`privacy.retention_ran`) with its counts. A second run finds nothing
 * left to do. Afterwards the spreadsheet tabs that held changed rows are rewritten.
 */

/** The name an anonymised signature keeps (lists, exports and sheets show it); e-mail and metadata are blank. */
export const ANONYMISED_NAME = "Anonymised";

/** An anonymised signature's metadata: every field blank (no browser, device, location or address). */
export const ANONYMISED_META: Record<keyof MetaDetails, string> = {
  browser: "",
  deviceType: "",
  screenResolution: "",
  userAgent: "",
  timezone: "",
  language: "",
  ipAddress: "",
  city: "",
  region: "",
  country: "",
  latitude: "",
  longitude: "",
};

/**
 * Signatures per anonymisation transaction: 3 items each (signature, guard, index row) plus the
 * petition's revision. The transactions of a petition run one after another: each increments the
 * petition's revision, and concurrent ones would only conflict with each other.
 */
const SIGNATURES_PER_TRANSACTION = 25;

export interface RetentionCounts {
  /** guide submissions deleted, all forms */
  leadsDeleted: number;
  /** scam reports deleted */
  reportsDeleted: number;
  /** evidence files of those reports (from their index rows) */
  evidenceFilesDeleted: number;
  signaturesAnonymised: number;
  /** unconfirmed newsletter subscribers past their TTL */
  subscribersRemoved: number;
  /** expired newsletter confirmation tokens of the removed subscribers */
  confirmationTokensDeleted: number;
}

export interface RetentionResult extends RetentionCounts {
  /** ISO UTC: submissions (and reports) made before this were deleted */
  submissionsBefore: string;
  /** ISO UTC: signatures made before this were anonymised */
  signaturesBefore: string;
  /** guide submissions deleted per form */
  leadsByForm: Record<LeadForm, number>;
  /** false when the time budget ran out first: the next run continues */
  complete: boolean;
  /** the spreadsheet tabs rewritten, or why none were */
  sheets: { synced: string[]; failed: string[]; skipped?: string };
  /** the run's audit entry */
  audit: Entry;
}

export interface RetentionOptions {
  /** Stop starting new work this long after the run began (a Lambda's timeout); unlimited by default. */
  budgetMs?: number;
  /** Rewrite the spreadsheet tabs whose rows changed (default true; Sheets.notConfigured() decides). */
  syncSheets?: boolean;
}

const emptyLeadCounts = () => Object.fromEntries(LEAD_FORMS.map((f) => [f, 0])) as Record<LeadForm, number>;

/** The run's stop-watch: once over budget, no new chunk or group is started. */
function budget(ms = Number.POSITIVE_INFINITY) {
  const until = Date.now() + ms;
  let ran = false;
  return {
    over: () => (ran ||= Date.now() > until),
    get ranOut() {
      return ran;
    },
  };
}
type Budget = ReturnType<typeof budget>;

// ---------------------------------------------------------------------------------------------
// Guide submissions and scam reports

/** Deletes, form by form, the submissions made before `before`: each form's delete-all with `before` as its start. */
async function deleteOldLeads(before: Date, time: Budget): Promise<Record<LeadForm, number>> {
  const deleted = emptyLeadCounts();
  for (const form of LEAD_FORMS) {
    while (!time.over()) {
      const step = await deleteLeadsBefore(form, before.toISOString());
      deleted[form] += step.deleted;
      if (step.done || step.deleted === 0) break;
    }
  }
  return deleted;
}

/** The evidence files of the reports made before `beforeId` that are still stored (their index rows, consistently). */
async function oldEvidenceFiles(beforeId: string): Promise<number> {
  const counts = await Promise.all(
    reportLayout.partitions(REPORTS_PART).map(async (partition) => {
      const rows = await queryAll({
        TableName: table(),
        KeyConditionExpression: "pk = :pk AND sk < :before",
        ExpressionAttributeValues: { ":pk": partition, ":before": beforeId },
        ProjectionExpression: "sk, r",
        ConsistentRead: true,
      });
      return rows.reduce((sum, item) => sum + (Number(decodeReportRow(REPORTS_PART, String(item.sk), String(item.r)).evidenceCount) || 0), 0);
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** Deletes the reports made before `before` with their evidence (the reports' delete-all with `before` as its start). */
async function deleteOldReports(before: Date, time: Budget): Promise<{ reports: number; files: number }> {
  const beforeId = sortableIdFloor(before.getTime());
  const filesBefore = await oldEvidenceFiles(beforeId);
  let reports = 0;
  while (!time.over()) {
    const step = await deleteReportsBefore(before.toISOString());
    reports += step.deleted;
    if (step.done || step.deleted === 0) break;
  }
  const files = reports ? filesBefore - (await oldEvidenceFiles(beforeId)) : 0;
  return { reports, files: Math.max(0, files) };
}

// ---------------------------------------------------------------------------------------------
// Signatures

/** What anonymising one signature needs from its stored item. */
interface OldSignature {
  id: string;
  /** the normalised e-mail its guard is keyed by */
  email: string;
  /** the signature as the admin index row shows it once anonymised */
  anonymised: SignatureInfo;
}

function oldSignatureOf(row: SignatureRow): OldSignature {
  return {
    id: row.id,
    email: normaliseEmail(row.email),
    anonymised: {
      id: row.id,
      petitionId: row.petitionId,
      firstName: ANONYMISED_NAME,
      lastName: "",
      email: "",
      newsletterConsent: false,
      meta: ANONYMISED_META as unknown as MetaDetails,
      createdDate: row.createdDate,
      createdTime: row.createdTime,
      createdAt: row.createdAt,
    },
  };
}

class PetitionGone extends Error {}

/**
 * Anonymises a group of one petition's signatures in one transaction: each signature (still
 * there and not anonymised yet, else it is left out and the rest retried), its guard deleted, its
 * index row rewritten, and the petition's revision incremented so every process's cached list
 * reloads. Answers how many it anonymised.
 */
async function anonymiseGroup(petitionId: string, group: OldSignature[], at: string): Promise<number> {
  try {
    return await deleteInTransaction(group, {
      record: (s) => ({
        Update: {
          TableName: table(),
          Key: Keys.signature(petitionId, s.id),
          UpdateExpression:
            "SET firstName = :name, lastName = :blank, email = :blank, meta = :meta, anonymisedAt = :at REMOVE emailNormalized, timeshareName, gsi3pk, gsi3sk",
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(anonymisedAt)",
          ExpressionAttributeValues: { ":name": ANONYMISED_NAME, ":blank": "", ":meta": ANONYMISED_META, ":at": at },
        },
      }),
      companions: (s) => [
        ...(s.email ? [{ Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, s.email) } }] : []),
        { Put: { TableName: table(), Item: signatureIndexItem(s.anonymised) } },
      ],
      totals: () => [{ Update: revisionUpdate(petitionId) }],
    });
  } catch (err) {
    // the last item is the petition's revision: the petition was deleted meanwhile (with its signatures)
    if (cancellationCodes(err).at(-1) === "ConditionalCheckFailed") throw new PetitionGone();
    throw err;
  }
}

/**
 * Anonymises, petition by petition, the signatures made before `before` that are not anonymised yet
 * (found through the admin index rows: an anonymised signature's row has no e-mail).
 */
async function anonymiseOldSignatures(before: Date, now: Date, time: Budget): Promise<number> {
  const beforeId = sortableIdFloor(before.getTime());
  const at = now.toISOString();
  let total = 0;
  for (const petitionId of await petitionIds()) {
    if (time.over()) break;
    let changed = 0;
    try {
      let old: OldSignature[] = [];
      const flush = async () => {
        for (let i = 0; i < old.length && !time.over(); i += SIGNATURES_PER_TRANSACTION) {
          changed += await anonymiseGroup(petitionId, old.slice(i, i + SIGNATURES_PER_TRANSACTION), at);
        }
        old = [];
      };
      for await (const row of rowsBefore(petitionId, beforeId)) {
        if (time.over()) break;
        if (row.email) old.push(oldSignatureOf(row));
        if (old.length >= SIGNATURES_PER_TRANSACTION * 10) await flush();
      }
      await flush();
    } catch (err) {
      if (!(err instanceof PetitionGone)) throw err;
    } finally {
      if (changed) touchSignatures(petitionId);
    }
    total += changed;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Unconfirmed newsletter subscribers

/**
 * Removes one subscriber past its TTL at `now`: through the subscribers' write path (which sees an
 * expired subscriber as none, so "none" here means delete what is stored, conditional on the
 * revision it read), then its expired confirmation tokens. A subscriber who consented again
 * meanwhile is not expired any more and is kept. Answers what it removed.
 */
async function removeExpiredSubscriber(id: string, now: Date): Promise<{ subscriber: boolean; tokens: number }> {
  const asOf = Math.floor(now.getTime() / 1000);
  const stored = await readSubscriber(id);
  if (!stored) {
    // The subscriber item went by TTL but its index row not yet: the row (which holds the address) goes too.
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: table(), Key: subscriberIndexKey(id), ConditionExpression: "expiresAt <= :asOf", ExpressionAttributeValues: { ":asOf": asOf } } },
            { Update: { TableName: table(), Key: revisionShard(), UpdateExpression: "ADD revision :one", ExpressionAttributeValues: { ":one": 1 } } },
          ],
        }),
      );
      touchSubscribers();
      return { subscriber: false, tokens: 0 };
    } catch (err) {
      if (cancellationCodes(err)[0] === "ConditionalCheckFailed") return { subscriber: false, tokens: 0 };
      throw err;
    }
  }
  if (!isExpired(stored, now.getTime())) return { subscriber: false, tokens: 0 };
  const subscriber = await mutate<boolean>(id, (current) => (current ? { result: false } : { next: null, result: true }));
  if (!subscriber) return { subscriber, tokens: 0 };
  let tokens = 0;
  for (const record of await recordsOf(id)) {
    if (record.kind !== "newsletterToken") continue;
    try {
      await db().send(
        new DeleteCommand({
          TableName: table(),
          Key: { pk: record.pk, sk: record.sk },
          ConditionExpression: "attribute_exists(pk) AND expiresAt <= :asOf",
          ExpressionAttributeValues: { ":asOf": asOf },
        }),
      );
      tokens++;
    } catch (err) {
      if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    }
  }
  return { subscriber, tokens };
}

/** The unconfirmed subscribers past their TTL at `now`, found by their index rows (never a scan), removed. */
async function removeExpiredSubscribers(now: Date, time: Budget): Promise<{ subscribers: number; tokens: number }> {
  const asOf = Math.floor(now.getTime() / 1000);
  const expired = (await subscribers.allRows()).filter((row) => isRowExpired(row, asOf));
  let removed = 0;
  let tokens = 0;
  // one at a time: every subscriber write increments the subscribers' revision (newsletter/store.ts)
  for (const row of expired) {
    if (time.over()) break;
    const done = await removeExpiredSubscriber(row.id, now);
    if (done.subscriber) removed++;
    tokens += done.tokens;
  }
  return { subscribers: removed, tokens };
}

// ---------------------------------------------------------------------------------------------
// The run

/** The audit entry's target: what the run did, in a line. */
export function describeRun(r: RetentionCounts & { submissionsBefore: string; signaturesBefore: string; complete: boolean }): string {
  const day = (iso: string) => iso.slice(0, 10);
  return (
    `deleted ${r.leadsDeleted} guide submission(s) and ${r.reportsDeleted} scam report(s) (${r.evidenceFilesDeleted} evidence file(s)) made before ${day(r.submissionsBefore)}; ` +
    `anonymised ${r.signaturesAnonymised} signature(s) made before ${day(r.signaturesBefore)}; ` +
    `removed ${r.subscribersRemoved} expired unconfirmed subscriber(s) (${r.confirmationTokensDeleted} token(s)); ` +
    `analytics events and rate-limit windows expire by TTL` +
    (r.complete ? "" : " (time budget reached: the next run continues)")
  );
}

/** Rewrites the tabs whose rows changed; a failed tab is logged and named (the records are already done). */
async function syncChangedTabs(changed: { signatures: boolean; reports: boolean; leadForms: LeadForm[] }): Promise<RetentionResult["sheets"]> {
  const jobs: { tab: string; run: () => Promise<unknown> }[] = [];
  if (changed.signatures) jobs.push({ tab: "signatures", run: syncSignaturesSoon });
  if (changed.reports) jobs.push({ tab: "reports", run: syncReportsSoon });
  for (const form of changed.leadForms) jobs.push({ tab: `leads:${form}`, run: () => syncLeadsSoon(form) });
  if (!jobs.length) return { synced: [], failed: [] };
  const missing = Sheets.notConfigured();
  if (missing) return { synced: [], failed: [], skipped: missing };
  const outcomes = await Promise.allSettled(jobs.map((j) => j.run()));
  const failed = jobs.filter((_, i) => outcomes[i].status === "rejected").map((j) => j.tab);
  outcomes.forEach((o, i) => {
    if (o.status === "rejected") log.error("spreadsheet sync after retention failed", { tab: jobs[i].tab, ...errorAttributes(o.reason) });
  });
  return { synced: jobs.filter((_, i) => outcomes[i].status === "fulfilled").map((j) => j.tab), failed };
}

/**
 * One retention run at `now`: deletes and anonymises what is past its time, audits the counts once,
 * then rewrites the spreadsheet tabs that held changed rows.
 */
export async function runRetention(now: Date = new Date(), options: RetentionOptions = {}): Promise<RetentionResult> {
  const time = budget(options.budgetMs);
  const submissionsBefore = cutoff(SUBMISSION_RETENTION_YEARS, now);
  const signaturesBefore = cutoff(SIGNATURE_RETENTION_YEARS, now);

  const leadsByForm = await deleteOldLeads(submissionsBefore, time);
  const reports = await deleteOldReports(submissionsBefore, time);
  const signaturesAnonymised = await anonymiseOldSignatures(signaturesBefore, now, time);
  const newsletter = await removeExpiredSubscribers(now, time);

  const counts: RetentionCounts = {
    leadsDeleted: Object.values(leadsByForm).reduce((a, b) => a + b, 0),
    reportsDeleted: reports.reports,
    evidenceFilesDeleted: reports.files,
    signaturesAnonymised,
    subscribersRemoved: newsletter.subscribers,
    confirmationTokensDeleted: newsletter.tokens,
  };
  const summary = { ...counts, submissionsBefore: submissionsBefore.toISOString(), signaturesBefore: signaturesBefore.toISOString(), complete: !time.ranOut };
  const rows = counts.leadsDeleted + counts.reportsDeleted + counts.signaturesAnonymised + counts.subscribersRemoved + counts.confirmationTokensDeleted;
  const audit = await Audit.record({ action: "privacy.retention_ran", actor: "retention job", target: describeRun(summary), rows });
  log.info("retention ran", { ...summary });

  const sheets =
    options.syncSheets === false
      ? { synced: [], failed: [] }
      : await syncChangedTabs({
          signatures: signaturesAnonymised > 0,
          reports: reports.reports > 0,
          leadForms: LEAD_FORMS.filter((f) => leadsByForm[f] > 0),
        });
  return { ...summary, leadsByForm, sheets, audit };
}
