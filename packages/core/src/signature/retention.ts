import { Keys } from "../db/keys";
import { cancellationCodes } from "../db/cancellation";
import { table } from "../db/client";
import { advanceWatermark, watermark } from "../db/retention";
import { deleteInTransaction } from "../collection/delete-all";
import type { RetentionStep, TimeBudget } from "../policy/personal-record";
import { MAIL_QUEUE_KEEP_SECONDS, SIGNATURE_RETENTION_YEARS, UNCONFIRMED_SIGNATURE_SECONDS, cutoff } from "../policy/retention";
import { getMany } from "../db/batch";
import { sortableIdFloor } from "../util/id";
import { Petition } from "../petition";
import { lowerCounts, petitionExists } from "./deletion";
import { guardMailbox, type Info as SignatureInfo, type MetaDetails, type Status } from "./index";
import { indexItem as signatureIndexItem, indexKey as indexKeyOf } from "./index-item";
import { rowsBetween } from "./index-partitions";
import { petitionIds } from "./listing";
import type { SignatureRow } from "./record";

/**
 * The signatures' part of the daily retention job (privacy/retention-job.ts): signatures made before
 * `cutoff(SIGNATURE_RETENTION_YEARS)` are anonymised, not deleted, so the petition's count stays
 * exact: name, e-mail and metadata are blanked, the normalised e-mail and the person-index keys
 * removed and `anonymisedAt` set; the e-mail guard (its key holds the address) is deleted and the
 * admin index row rewritten, in one transaction per group. Anonymised rows stay, so each pass reads
 * only the rows from the kind's watermark (db/retention.ts) up to the cut-off.
 */

/** The signatures' retention watermark (db/retention.ts). */
export const WATERMARK = "signature";

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
  countryCode: "",
  regionCode: "",
  latitude: "",
  longitude: "",
};

/**
 * Signatures per anonymisation transaction: 3 items each (signature, guard, index row) plus the
 * check that the petition still exists. The transactions of a petition run one after another.
 */
const SIGNATURES_PER_TRANSACTION = 25;

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
    email: guardMailbox(row),
    anonymised: {
      status: (row.status || undefined) as Status | undefined,
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
 * index row rewritten, while the petition exists. Answers how many it anonymised.
 */
async function anonymiseGroup(petitionId: string, group: OldSignature[], at: string): Promise<number> {
  try {
    return await deleteInTransaction(group, {
      record: (s) => ({
        Update: {
          TableName: table(),
          Key: Keys.signature(petitionId, s.id),
          UpdateExpression:
            "SET firstName = :name, lastName = :blank, email = :blank, meta = :meta, anonymisedAt = :at REMOVE emailNormalized, emailGuardKey, timeshareName, gsi3pk, gsi3sk, wantsUpdates",
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(anonymisedAt)",
          ExpressionAttributeValues: { ":name": ANONYMISED_NAME, ":blank": "", ":meta": ANONYMISED_META, ":at": at },
        },
      }),
      companions: (s) => [
        ...(s.email ? [{ Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, s.email) } }] : []),
        { Put: { TableName: table(), Item: signatureIndexItem(s.anonymised) } },
      ],
      totals: () => [petitionExists(petitionId)],
    });
  } catch (err) {
    // the last item is the petition's existence check: the petition was deleted meanwhile (with its signatures)
    if (cancellationCodes(err).at(-1) === "ConditionalCheckFailed") throw new PetitionGone();
    throw err;
  }
}

/**
 * Anonymises, petition by petition, the signatures made before `before` that are not anonymised yet
 * (found through the admin index rows: an anonymised signature's row has no e-mail), reading only
 * the rows above the watermark, which it moves to `before` once every petition is done.
 */
export async function anonymiseOldSignatures(before: Date, now: Date, time: TimeBudget): Promise<number> {
  const beforeId = sortableIdFloor(before.getTime());
  const fromId = await watermark(WATERMARK);
  if (fromId >= beforeId) return 0;
  const at = now.toISOString();
  let total = 0;
  let stopped = false;
  for (const petitionId of await petitionIds()) {
    if ((stopped ||= time.over())) break;
    let changed = 0;
    try {
      let old: OldSignature[] = [];
      const flush = async () => {
        for (let i = 0; i < old.length; i += SIGNATURES_PER_TRANSACTION) {
          if ((stopped ||= time.over())) break;
          changed += await anonymiseGroup(petitionId, old.slice(i, i + SIGNATURES_PER_TRANSACTION), at);
        }
        old = [];
      };
      for await (const row of rowsBetween(petitionId, fromId, beforeId)) {
        if ((stopped ||= time.over())) break;
        if (row.email) old.push(oldSignatureOf(row));
        if (old.length >= SIGNATURES_PER_TRANSACTION * 10) await flush();
      }
      await flush();
    } catch (err) {
      if (!(err instanceof PetitionGone)) throw err;
    }
    total += changed;
  }
  if (!stopped) await advanceWatermark(WATERMARK, beforeId, now);
  return total;
}

/** The pending signatures' retention watermark: every pending signature below it was deleted or confirmed. */
export const PENDING_WATERMARK = "signature-pending";

/**
 * Of pending signatures made more than their period ago, the ids of those still awaited: their link
 * works (it is valid for its whole period from when it was sent, verification.ts `linkValidUntil`,
 * which in a surge's backlog is later than the signing), or none was sent yet and the mail queue may
 * still send it (MAIL_QUEUE_KEEP_SECONDS after signing).
 */
export async function stillAwaited(petitionId: string, rows: readonly Pick<SignatureRow, "id" | "createdAt">[], now: Date): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const items = await getMany(
    rows.map((r) => Keys.signature(petitionId, r.id)),
    { consistent: true, projection: "pk, confirmTokenExpiresAt" },
  );
  const until = new Map(items.map((i) => [String(i.pk), i.confirmTokenExpiresAt as string | undefined]));
  const queueKeptSince = now.getTime() - MAIL_QUEUE_KEEP_SECONDS * 1000;
  return new Set(
    rows
      .filter((r) => {
        const pk = Keys.signature(petitionId, r.id).pk;
        if (!until.has(pk)) return false;
        const expires = until.get(pk);
        return expires === undefined ? Date.parse(r.createdAt) > queueKeptSince : expires > now.toISOString();
      })
      .map((r) => r.id),
  );
}

/**
 * Deletes, petition by petition, the signatures still pending (never confirmed) made before `before`
 * whose link no longer works (`stillAwaited` keeps the rest, and the watermark stops at the first
 * kept, so the next run looks at it again):
 * each with its e-mail guard and index row, `pending` lowered on a counter shard by exactly the
 * number deleted, in transactions of 25, on condition that each is still pending (one confirmed
 * meanwhile is left alone). Reads only the index rows from the watermark up to `before` (a day's
 * rows in a daily run), which it moves to `before` once every petition is done.
 */
export async function deleteExpiredPending(before: Date, now: Date, time: TimeBudget): Promise<number> {
  const beforeId = sortableIdFloor(before.getTime());
  const fromId = await watermark(PENDING_WATERMARK);
  if (fromId >= beforeId) return 0;
  let total = 0;
  let stopped = false;
  let earliestKept: string | undefined;
  for (const petitionId of await petitionIds()) {
    if ((stopped ||= time.over())) break;
    const shards = Math.max(1, await Petition.counterShards(petitionId));
    let expired: SignatureRow[] = [];
    const flush = async () => {
      const awaited = await stillAwaited(petitionId, expired, now);
      for (const id of awaited) if (earliestKept === undefined || id < earliestKept) earliestKept = id;
      expired = expired.filter((row) => !awaited.has(row.id));
      for (let i = 0; i < expired.length; i += SIGNATURES_PER_TRANSACTION) {
        if ((stopped ||= time.over())) break;
        total += await deleteInTransaction(expired.slice(i, i + SIGNATURES_PER_TRANSACTION), {
          record: (row) => ({
            Delete: {
              TableName: table(),
              Key: Keys.signature(petitionId, row.id),
              ConditionExpression: "attribute_exists(pk) AND #status = :pending",
              ExpressionAttributeNames: { "#status": "status" },
              ExpressionAttributeValues: { ":pending": "pending" },
            },
          }),
          companions: (row) => [
            { Delete: { TableName: table(), Key: Keys.emailGuard(petitionId, guardMailbox(row)) } },
            { Delete: { TableName: table(), Key: indexKeyOf(petitionId, row.id) } },
          ],
          totals: (n, attempt) => [lowerCounts(petitionId, Math.floor(Math.random() * shards + attempt) % shards, 0, n)],
        });
      }
      expired = [];
    };
    for await (const row of rowsBetween(petitionId, fromId, beforeId)) {
      if ((stopped ||= time.over())) break;
      if (row.status === "pending") expired.push(row);
      if (expired.length >= SIGNATURES_PER_TRANSACTION * 10) await flush();
    }
    await flush();
    if (total) Petition.forgetCount(petitionId);
  }
  if (!stopped) await advanceWatermark(PENDING_WATERMARK, earliestKept !== undefined && earliestKept < beforeId ? earliestKept : beforeId, now);
  return total;
}

/**
 * The retention job's step: deletes signatures left unconfirmed for UNCONFIRMED_SIGNATURE_DAYS and
 * anonymises what is past SIGNATURE_RETENTION_YEARS at `now`.
 */
export async function retentionStep(now: Date, time: TimeBudget): Promise<RetentionStep> {
  const unconfirmedSignaturesDeleted = await deleteExpiredPending(new Date(now.getTime() - UNCONFIRMED_SIGNATURE_SECONDS * 1000), now, time);
  const signaturesAnonymised = await anonymiseOldSignatures(cutoff(SIGNATURE_RETENTION_YEARS, now), now, time);
  return { counts: { signaturesAnonymised, unconfirmedSignaturesDeleted }, tabs: signaturesAnonymised || unconfirmedSignaturesDeleted ? ["signatures"] : [] };
}
