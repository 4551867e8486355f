import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { getMany } from "../db/batch";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryCount } from "../db/query";
import type { Addressee as MailingAddressee, AudiencePage } from "../mailing/definition";
import { normaliseEmail } from "../util/email";
import { sortableIdFloor } from "../util/id";
import { WANTS_UPDATES_ATTRIBUTE, decodeRow, layout } from "./index-item";

/**
 * Who a petition's update goes to: its signers who ticked "Tell me how this petition does", whose
 * signature is counted (not pending) and verified or whose address is a confirmed newsletter
 * subscriber (`stillAsking`), still there (not withdrawn or deleted), not anonymised and
 * not unsubscribed from this petition's updates, and who signed before the send began.
 *
 * Read through the petition's admin index partitions (`SIGIDX#<petitionId>#<b>`, 32), whose rows
 * carry `u` when the signer asked: a page queries them in order after a cursor `<bb>:<signatureId>`
 * (partition, last row read), filtered to rows with `u` below the id floor of the send's start. The
 * row is a hint (it is not rewritten when the signer unsubscribes): each page's candidates are read
 * again from their signature items (one consistent BatchGet per 100), the record of the choice.
 */

export interface Signer extends MailingAddressee {
  signatureId: string;
  firstName: string;
}

const pad = (b: number) => String(b).padStart(2, "0");

/** "" → the start; `<bb>:<sk>` → partition bb after sk ("" = its start); "end" → nothing more. */
function parseCursor(cursor: string): { bucket: number; after: string } {
  if (!cursor) return { bucket: 0, after: "" };
  const at = cursor.indexOf(":");
  return { bucket: Number(cursor.slice(0, at)), after: cursor.slice(at + 1) };
}

const query = (petitionId: string, bucket: number, untilId: string) => ({
  TableName: table(),
  KeyConditionExpression: "pk = :pk AND sk < :until",
  FilterExpression: "attribute_exists(#u)",
  ExpressionAttributeNames: { "#u": WANTS_UPDATES_ATTRIBUTE },
  ExpressionAttributeValues: { ":pk": layout.partitions(petitionId)[bucket], ":until": untilId },
});

/** Signers who asked (by their index rows, before re-reading), signed before `until`: the progress bar's total. */
export async function count(petitionId: string, until: string): Promise<number> {
  const untilId = sortableIdFloor(Date.parse(until));
  const counts = await Promise.all(layout.partitions(petitionId).map((_, b) => queryCount(query(petitionId, b, untilId))));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Index rows read per page at most, as a multiple of `limit`: rows of signers who did not ask are
 * read and dropped by the filter, so a page reads on until it has `limit` rows that asked or has
 * read this many.
 */
export const SCAN_FACTOR = 10;

/** Up to `limit` signers who asked (their rows, read again), after `after`; reads at most SCAN_FACTOR × limit index rows. */
export async function page(petitionId: string, opts: { until: string; after: string; limit: number }): Promise<AudiencePage<Signer>> {
  const untilId = sortableIdFloor(Date.parse(opts.until));
  const partitions = layout.partitions(petitionId).length;
  let { bucket, after } = parseCursor(opts.after);
  const listed: { position: string; signatureId: string; status: string; email: string }[] = [];
  let scanned = 0;
  let full = false;
  while (bucket < partitions && !full && scanned < SCAN_FACTOR * opts.limit) {
    const pk = layout.partitions(petitionId)[bucket];
    const res = await db().send(
      new QueryCommand({
        ...query(petitionId, bucket, untilId),
        ProjectionExpression: "sk, r",
        ConsistentRead: true,
        // Limit counts rows read (the filter applies after it): the page's reading budget
        Limit: SCAN_FACTOR * opts.limit - scanned,
        ...(after ? { ExclusiveStartKey: { pk, sk: after } } : {}),
      }),
    );
    scanned += res.ScannedCount ?? 0;
    for (const item of res.Items ?? []) {
      const row = decodeRow(petitionId, String(item.sk), String(item.r));
      listed.push({ position: `${pad(bucket)}:${row.id}`, signatureId: row.id, status: row.status, email: row.email });
      if (listed.length >= opts.limit) {
        // the page is full: the next one starts after this row, in this partition
        full = true;
        after = row.id;
        break;
      }
    }
    if (full) break;
    if (res.LastEvaluatedKey) {
      after = String(res.LastEvaluatedKey.sk);
    } else {
      bucket += 1;
      after = "";
    }
  }
  // pending signatures and anonymised rows (no e-mail) are not read again
  const candidates = listed.filter((l) => l.status !== "pending" && l.email !== "");
  const current = await stillAsking(
    petitionId,
    candidates.map((c) => c.signatureId),
  );
  const addressees = candidates.flatMap((c) => {
    const signer = current.get(c.signatureId);
    return signer ? [{ ...signer, position: c.position }] : [];
  });
  const more = bucket < partitions;
  return { positions: listed.map((l) => l.position), addressees, next: more ? `${pad(bucket)}:${after}` : "end", more };
}

/**
 * The signatures of `ids` that still ask for updates and are counted, by id. A signature confirmed
 * from its mailbox (`verified`) is its own opt-in; an `unverified` one (a petition that does not
 * verify) is anybody's typed address, so it gets updates only while that address is a confirmed
 * newsletter subscriber (review 2026-11-28, L9): bulk mail only to a mailbox that said yes.
 */
async function stillAsking(petitionId: string, ids: string[]): Promise<Map<string, Omit<Signer, "position">>> {
  const found = new Map<string, Omit<Signer, "position"> & { verified: boolean }>();
  const items = await getMany(
    ids.map((id) => Keys.signature(petitionId, id)),
    { consistent: true, projection: "id, email, firstName, #status, wantsUpdates, anonymisedAt", names: { "#status": "status" } },
  );
  for (const item of items) {
    if (item.wantsUpdates !== true || item.status === "pending" || item.anonymisedAt || !item.email) continue;
    const email = String(item.email);
    const signer = { signatureId: String(item.id), firstName: String(item.firstName), email, emailNormalized: normaliseEmail(email) };
    found.set(signer.signatureId, { ...signer, verified: item.status === "verified" });
  }
  const confirmed = await confirmedSubscribers([...found.values()].filter((s) => !s.verified).map((s) => s.emailNormalized));
  const asking = new Map<string, Omit<Signer, "position">>();
  for (const { verified, ...signer } of found.values()) if (verified || confirmed.has(signer.emailNormalized)) asking.set(signer.signatureId, signer);
  return asking;
}

/** Which of these normalised addresses are confirmed newsletter subscribers (one BatchGet per 100). */
async function confirmedSubscribers(emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const items = await getMany(
    [...new Set(emails)].map((email) => Keys.newsletter(email)),
    { consistent: true, projection: "emailNormalized, #status", names: { "#status": "status" } },
  );
  return new Set(items.filter((item) => item.status === "confirmed").map((item) => String(item.emailNormalized)));
}
