export * as SignatureEffects from "./effects";

import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { adminRecipients, settings } from "../config";
import { Bus } from "../bus";
import { db, table } from "../db/client";
import { Keys, fnv1a } from "../db/keys";
import { MailQueue } from "../mail-queue";
import { digestAddition } from "../mail-queue/digests";
import { applyOnce, type TransactItem } from "../streams/apply-once";
import { newImage, oldImage, type FilterPattern, type StreamRecord } from "../streams/records";
import { tallyWrites, type GeoTally } from "./geo-counts";
import { Events, infoOf, type Info } from "./index";

/**
 * What follows a signature, done from the table's stream a batch at a time (docs/architecture.md
 * "Side effects from the table's stream"): the signature item the signing transaction wrote is the
 * event, so signing writes no outbox item and publishes nothing, and one consumer does every side
 * effect of a hundred signatures in one invocation:
 *
 * - a new counted signature (and a pending one once confirmed): the share e-mail, queued (it offers
 *   the newsletter to a signer who asked for it, signature/newsletter-link.ts: nothing is written for
 *   the consent until they take it); its place added to the counts by place; the administrators'
 *   notice, queued, or in a burst of one petition counted into its digest; the spreadsheet's tab told
 *   to sync (one event per batch);
 * - a new pending signature: its confirmation link, queued in the confirmations lane (first in the
 *   queue and the mail budget after the privacy link).
 *
 * Counts (places, digests) are written once per record (streams/apply-once.ts); the queue's puts are
 * idempotent by their delivery (a send is once() by kind and signature id). A failure throws: Lambda
 * gives the batch again.
 */

import { ORIGIN_ATTRIBUTE, ORIGIN_SIGNING } from "./origin";
export { ORIGIN_ATTRIBUTE, ORIGIN_SIGNING };

/** The consumer's name: its batch markers and the local stream reader know it by this. */
export const CONSUMER = "signature-effects";
/** The items its filters take all have partition keys starting so. */
export const KEY_PREFIX = Keys.signaturePartitionPrefix;

/**
 * The records the consumer is given (Lambda event filters, the same JSON for the event source
 * mapping and the local stream reader): a signature a visitor's signing wrote, and a pending
 * signature becoming verified.
 */
export const STREAM_FILTERS: FilterPattern[] = [
  { eventName: ["INSERT"], dynamodb: { NewImage: { type: { S: ["signature"] }, [ORIGIN_ATTRIBUTE]: { S: [ORIGIN_SIGNING] } } } },
  { eventName: ["MODIFY"], dynamodb: { OldImage: { type: { S: ["signature"] }, status: { S: ["pending"] } }, NewImage: { status: { S: ["verified"] } } } },
];

/** What a record means for the consumer. */
export interface Change {
  /** `counted`: counted now (signed on a petition that counts at once, or confirmed); `pending`: waits for its link */
  kind: "counted" | "pending";
  signature: Info;
  /** what the signature added to the counts by place (set when counted) */
  geo?: GeoTally;
  record: StreamRecord;
}

/** The changes of a batch's records, in order; records that mean nothing here are left out. */
export function changesOf(records: readonly StreamRecord[]): Change[] {
  return records.flatMap((record): Change[] => {
    const after = newImage(record);
    if (!after || after.type !== "signature") return [];
    const before = record.eventName === "MODIFY" ? oldImage(record) : undefined;
    const signature = infoOf(after);
    if (record.eventName === "INSERT" && after[ORIGIN_ATTRIBUTE] === ORIGIN_SIGNING) {
      return [{ kind: after.status === "pending" ? "pending" : "counted", signature, geo: after.geo as GeoTally | undefined, record }];
    }
    if (record.eventName === "MODIFY" && before?.status === "pending" && after.status === "verified") {
      return [{ kind: "counted", signature, geo: after.geo as GeoTally | undefined, record }];
    }
    return [];
  });
}

/** What one batch does, given the petitions' state read once for it. */
export interface Plan {
  /** the e-mails to queue */
  deliveries: { kind: MailQueue.DeliveryName; eventId: string; ref: Record<string, string> }[];
  /** petitions whose notices of this batch go into their digest */
  digested: Set<string>;
  /** whether the spreadsheet's tab is told */
  sheet: boolean;
}

/**
 * The batch's e-mails and digests: a counted signature's share e-mail and notice, a pending one's
 * link. A petition with an open digest, or with `ADMIN_NOTICE_DIGEST_THRESHOLD` counted signatures in
 * this batch, has them counted into its digest instead of a notice each. Pure.
 */
export function plan(changes: readonly Change[], openDigest: ReadonlySet<string>, admins: boolean, threshold = settings().ADMIN_NOTICE_DIGEST_THRESHOLD): Plan {
  const counted = changes.filter((c) => c.kind === "counted");
  const perPetition = new Map<string, number>();
  for (const c of counted) perPetition.set(c.signature.petitionId, (perPetition.get(c.signature.petitionId) ?? 0) + 1);
  const digested = new Set(admins ? [...perPetition].filter(([id, n]) => openDigest.has(id) || n >= threshold).map(([id]) => id) : []);
  const ref = (c: Change) => ({ petitionId: c.signature.petitionId, signatureId: c.signature.id });
  const deliveries = changes.flatMap((c): Plan["deliveries"] => {
    if (c.kind === "pending") return [{ kind: "signature-confirmation", eventId: c.signature.id, ref: ref(c) }];
    return [
      { kind: "signature-share-email", eventId: c.signature.id, ref: ref(c) },
      ...(admins && !digested.has(c.signature.petitionId) ? [{ kind: "signature-notify-admin" as const, eventId: c.signature.id, ref: ref(c) }] : []),
    ];
  });
  return { deliveries, digested, sheet: counted.length > 0 };
}

/**
 * The counts a run of records adds, as transaction items: per petition its places (on one shard,
 * chosen by the run's first record, so a retry of the same run writes the same items), its digest
 * when it is digested, and a check that the petition is not being deleted (a late batch must not
 * bring back counts its deletion removed). Pure.
 */
export function countItems(
  records: readonly StreamRecord[],
  digested: ReadonlySet<string>,
  gone: ReadonlySet<string>,
  checked: ReadonlyMap<string, number> = new Map(),
): TransactItem[] {
  const counted = changesOf(records).filter((c) => c.kind === "counted" && !gone.has(c.signature.petitionId));
  if (!counted.length) return [];
  const shard = batchShard(records);
  const byPetition = new Map<string, Change[]>();
  for (const c of counted) byPetition.set(c.signature.petitionId, [...(byPetition.get(c.signature.petitionId) ?? []), c]);
  return [...byPetition].flatMap(([petitionId, group]) => {
    const tallies = group.map((c) => c.geo).filter((g): g is GeoTally => !!g);
    const times = group.map((c) => Date.parse(c.signature.verifiedAt ?? c.signature.createdAt));
    const items: TransactItem[] = [
      {
        ConditionCheck: {
          TableName: table(),
          Key: Keys.counterShard(petitionId, checked.get(petitionId) ?? shard),
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(deleting)",
        },
      },
      ...tallyWrites(petitionId, tallies, 1, shard),
    ];
    if (digested.has(petitionId)) {
      items.push({
        Update: digestAddition(
          petitionId,
          group.map((c) => c.signature.id),
          Math.min(...times),
          Math.max(...times),
        ),
      });
    }
    return items.length > 1 ? items : [];
  });
}

/** The counter shard a run of records writes its places to and checks: chosen by its first record, so a retry chooses the same. */
const batchShard = (records: readonly StreamRecord[]) => fnv1a(records[0].eventID) % settings().PETITION_COUNTER_SHARDS;

const counterShard = async (petitionId: string, n: number) =>
  (await db().send(new GetCommand({ TableName: table(), Key: Keys.counterShard(petitionId, n), ProjectionExpression: "pk, deleting", ConsistentRead: true })))
    .Item;

/**
 * Petitions of the batch that are gone or being deleted, as their counter shards say (a deletion
 * marks every shard): the batch's own shard, so no one shard is read by every batch, or shard 0 for
 * a petition made with fewer shards. `checked`: the shard each live petition's check reads.
 */
async function gonePetitions(changes: readonly Change[], shard: number): Promise<{ gone: Set<string>; checked: Map<string, number> }> {
  const ids = [...new Set(changes.map((c) => c.signature.petitionId))];
  const gone = new Set<string>();
  const checked = new Map<string, number>();
  await Promise.all(
    ids.map(async (id) => {
      let n = shard;
      let item = await counterShard(id, n);
      if (!item && n !== 0) item = await counterShard(id, (n = 0));
      if (!item || item.deleting) gone.add(id);
      else checked.set(id, n);
    }),
  );
  return { gone, checked };
}

/** The spreadsheet's tab is told once per batch (its subscriber coalesces bursts). */
export const SheetSyncDue = Events.SheetSyncDue;

/**
 * Does everything the batch's records call for; throws on a failure (Lambda gives the batch again).
 * `mailQueued`: it queued e-mails, and its handler nudges the queue's drain (mail-drain/, which this
 * folder does not import).
 */
export async function handleBatch(records: readonly StreamRecord[]): Promise<{ changes: number; mailQueued: boolean }> {
  const changes = changesOf(records);
  if (!changes.length) return { changes: 0, mailQueued: false };
  const admins = adminRecipients().length > 0;
  const open = admins ? new Set((await MailQueue.openDigests()).keys()) : new Set<string>();
  const planned = plan(changes, open, admins);
  let { gone, checked } = await gonePetitions(changes, batchShard(records));
  const live = (id: string) => !gone.has(id);
  await MailQueue.enqueueMany(planned.deliveries.filter((d) => live(d.ref.petitionId)));
  await applyOnce(CONSUMER, records, {
    items: (run) => countItems(run, planned.digested, gone, checked),
    refresh: async () => {
      ({ gone, checked } = await gonePetitions(changes, batchShard(records)));
    },
  });
  // its subscriber does nothing while the spreadsheet is not configured
  if (planned.sheet) await Bus.send([{ id: records[0].eventID, type: SheetSyncDue.type, detail: SheetSyncDue.schema.parse({}) }]);
  return { changes: changes.length, mailQueued: planned.deliveries.length > 0 };
}

/**
 * An outbox event of a signature from before its side effects moved to the stream (`signature.created`,
 * `signature.verified`), still delivered by the bus after an upgrade: its e-mails queued (keyed by the
 * event, as its subscribers keyed them then, so none is sent twice; the share e-mail offers the
 * newsletter to a signer who asked for it), and its handler nudges the drain. Its places were counted
 * by the transaction that wrote it then.
 */
export async function handleLegacyEvent(
  type: "created" | "verified",
  ref: { petitionId: string; signatureId: string; pending?: boolean },
  eventId: string,
): Promise<void> {
  const admins = adminRecipients().length > 0;
  const deliveries: Plan["deliveries"] =
    type === "created" && ref.pending
      ? [{ kind: "signature-confirmation", eventId, ref: { petitionId: ref.petitionId, signatureId: ref.signatureId } }]
      : [
          { kind: "signature-share-email", eventId, ref: { petitionId: ref.petitionId, signatureId: ref.signatureId } },
          ...(admins && type === "created"
            ? [{ kind: "signature-notify-admin" as const, eventId, ref: { petitionId: ref.petitionId, signatureId: ref.signatureId } }]
            : []),
        ];
  await MailQueue.enqueueMany(deliveries);
}
