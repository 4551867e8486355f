import { DeleteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { adminRecipients, settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryAll } from "../db/query";
import { Idempotency } from "../idempotency";
import { Mail, escapeHtml } from "../mail";
import { Petition } from "../petition";
import { Signature } from "../signature";
import { progressPercent } from "../signature/emails";
import { NotFoundError } from "../util/error";
import type { Queued } from "./lanes";
import { removeAll, scope } from "./queue";

/**
 * In a surge the administrators' per-signature notices become one digest per petition: when the
 * queue holds `ADMIN_NOTICE_DIGEST_THRESHOLD` notices of a petition at once, the drainer folds them
 * (and every later one while the digest is open) into a digest record, deleting the notices, and sends the digest `ADMIN_NOTICE_DIGEST_SECONDS` after it opened. Only the
 * drainer (one at a time, under its lease) writes digest records, so they are no hot key.
 */
export interface Digest {
  petitionId: string;
  count: number;
  openedAt: number;
  firstAt: number;
  lastAt: number;
  /** a few of the signatures, named in the e-mail */
  sample: string[];
  version: number;
}

const SAMPLE = 10;
export const DIGEST_KIND = "signature-notify-admin-digest";

export async function openDigests(): Promise<Map<string, Digest>> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: "pk = :pk",
    ExpressionAttributeValues: { ":pk": Keys.mailDigestPartition(scope()) },
    ConsistentRead: true,
  });
  return new Map(items.map((i) => [String(i.sk), i as unknown as Digest]));
}

/**
 * Folds notice items of one petition into its digest: the digest's count is added to first (an ADD,
 * which commutes with the stream consumer's additions), then the items are deleted. A drainer that
 * dies between the two leaves items that the next one folds again: a digest may then overstate its
 * count, never lose a signature.
 */
export async function fold(petitionId: string, items: Queued[], now = Date.now()): Promise<Digest> {
  const times = items.map((q) => q.enqueuedAt);
  const signatureIds = items.flatMap((q) => q.deliveries.map((d) => d.ref.signatureId));
  const res = await db().send(
    new UpdateCommand({ ...digestAddition(petitionId, signatureIds, Math.min(...times), Math.max(...times), now), ReturnValues: "ALL_NEW" }),
  );
  await removeAll(items);
  return res.Attributes as unknown as Digest;
}

/**
 * The update that adds `signatureIds` (signed between `firstAt` and `lastAt`) to the petition's
 * digest, opening it if none is open: for a transaction of the stream consumer, which counts a
 * burst of one petition's signatures into the digest without queuing a notice for each
 * (signature/effects.ts). Adds, so it commutes with a drainer's fold and with other batches.
 */
export function digestAddition(petitionId: string, signatureIds: readonly string[], firstAt: number, lastAt: number, now = Date.now()) {
  return {
    TableName: table(),
    Key: Keys.mailDigest(scope(), petitionId),
    UpdateExpression:
      "ADD #count :n, #version :one SET #type = :type, petitionId = :petition, openedAt = if_not_exists(openedAt, :now), firstAt = if_not_exists(firstAt, :first), lastAt = :last, #sample = if_not_exists(#sample, :sample)",
    ExpressionAttributeNames: { "#count": "count", "#type": "type", "#version": "version", "#sample": "sample" },
    ExpressionAttributeValues: {
      ":n": signatureIds.length,
      ":one": 1,
      ":type": "mailDigest",
      ":petition": petitionId,
      ":now": now,
      ":first": firstAt,
      ":last": lastAt,
      ":sample": signatureIds.slice(0, SAMPLE),
    },
  };
}

const gone = async <T>(read: Promise<T>): Promise<T | undefined> => read.catch((err) => (err instanceof NotFoundError ? undefined : Promise.reject(err)));
const newYork = (ms: number) => new Date(ms).toLocaleString("en-US", { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" });

export function digestEmail(digest: Digest, petition: Petition.Info, sample: Signature.Info[]) {
  const site = settings().SITE_URL.replace(/\/$/, "");
  const list = `${site}/admin/petitions/${encodeURIComponent(petition.id)}/signatures`;
  const count = digest.count.toLocaleString("en-US");
  const goal = petition.goal > 0 ? petition.goal : 0;
  const total = `${petition.signatureCount.toLocaleString("en-US")}${goal ? ` of ${goal.toLocaleString("en-US")} (${progressPercent(petition.signatureCount, goal)}%)` : ""}`;
  const between = `between ${newYork(digest.firstAt)} and ${newYork(digest.lastAt)} (New York time)`;
  const names = sample.map((s) => `${s.firstName} ${s.lastName}${s.meta.country ? ` (${[s.meta.city, s.meta.country].filter(Boolean).join(", ")})` : ""}`);
  const text = [
    `${count} people signed "${petition.title}" ${between}.`,
    `The petition now has ${total} signatures.`,
    "",
    ...(names.length ? ["Among them:", ...names.map((n) => `- ${n}`), ""] : []),
    `Every signature: ${list}`,
    "",
    "Signatures came in too fast for one e-mail each; one notice per signature resumes when the rush is over.",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(count)} people signed <strong>${escapeHtml(petition.title)}</strong> ${escapeHtml(between)}.</p>`,
    `<p>The petition now has ${escapeHtml(total)} signatures.</p>`,
    names.length ? `<p>Among them:</p><ul>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul>` : "",
    `<p><a href="${escapeHtml(list)}">See every signature</a></p>`,
    "<p>Signatures came in too fast for one e-mail each; one notice per signature resumes when the rush is over.</p>",
  ].join("\n");
  // visitor text never goes into a subject line; the petition title is written by administrators
  return { subject: `${count} new signatures on "${petition.title}"`, text, html };
}

/** Sends the digest once (keyed by petition and opening), then removes it unless more was folded in meanwhile. */
export async function sendDigest(digest: Digest, leaseMs: number): Promise<void> {
  await Idempotency.once(
    DIGEST_KIND,
    `${digest.petitionId}:${digest.openedAt}`,
    async () => {
      const to = adminRecipients();
      const petition = to.length ? await gone(Petition.fromID(digest.petitionId)) : undefined;
      if (!petition) return;
      const sample = (await Promise.all(digest.sample.map((id) => gone(Signature.fromID(digest.petitionId, id))))).filter((s): s is Signature.Info => !!s);
      await Mail.send({ kind: "admin-digest", to, ...digestEmail(digest, petition, sample) });
    },
    { leaseMs },
  );
  try {
    await db().send(
      new DeleteCommand({
        TableName: table(),
        Key: Keys.mailDigest(scope(), digest.petitionId),
        ConditionExpression: "version = :v",
        ExpressionAttributeValues: { ":v": digest.version },
      }),
    );
  } catch (err) {
    if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
    // more was added while it was sent: what was sent leaves the digest, the rest opens the next one
    const now = Date.now();
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.mailDigest(scope(), digest.petitionId),
        UpdateExpression: "ADD #count :sent, #version :one SET openedAt = :now, firstAt = :now, #sample = :none",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeNames: { "#count": "count", "#version": "version", "#sample": "sample" },
        ExpressionAttributeValues: { ":sent": -digest.count, ":one": 1, ":now": now, ":none": [] },
      }),
    );
  }
}
