import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { getMany } from "../db/batch";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { queryCount } from "../db/query";
import type { MailingAddressee, MailingAudiencePage as AudiencePage } from "../newsletter/issues";
import { normaliseEmail } from "../util/email";
import { sortableIdFloor } from "../util/id";
import { WANTS_UPDATES_ATTRIBUTE, decodeRow, layout } from "./index-item";

/**
 * Who a petition's update goes to: its signers who ticked "Tell me how this petition does", whose
 * signature is counted (not pending), still there (not withdrawn or deleted), not anonymised and
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

/** Up to `limit` index rows read (not found: the filter drops rows of signers who did not ask), after `after`. */
export async function page(petitionId: string, opts: { until: string; after: string; limit: number }): Promise<AudiencePage<Signer>> {
  const untilId = sortableIdFloor(Date.parse(opts.until));
  const partitions = layout.partitions(petitionId).length;
  let { bucket, after } = parseCursor(opts.after);
  const listed: { position: string; signatureId: string; status: string; email: string }[] = [];
  let evaluated = 0;
  while (bucket < partitions && evaluated < opts.limit) {
    const res = await db().send(
      new QueryCommand({
        ...query(petitionId, bucket, untilId),
        ProjectionExpression: "sk, r",
        ConsistentRead: true,
        Limit: opts.limit - evaluated,
        ...(after ? { ExclusiveStartKey: { pk: layout.partitions(petitionId)[bucket], sk: after } } : {}),
      }),
    );
    evaluated += res.ScannedCount ?? 0;
    for (const item of res.Items ?? []) {
      const row = decodeRow(petitionId, String(item.sk), String(item.r));
      listed.push({ position: `${pad(bucket)}:${row.id}`, signatureId: row.id, status: row.status, email: row.email });
    }
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

/** The signatures of `ids` that still ask for updates and are counted, by id. */
async function stillAsking(petitionId: string, ids: string[]): Promise<Map<string, Omit<Signer, "position">>> {
  const found = new Map<string, Omit<Signer, "position">>();
  const items = await getMany(
    ids.map((id) => Keys.signature(petitionId, id)),
    { consistent: true, projection: "id, email, firstName, #status, wantsUpdates, anonymisedAt", names: { "#status": "status" } },
  );
  for (const item of items) {
    if (item.wantsUpdates !== true || item.status === "pending" || item.anonymisedAt || !item.email) continue;
    const email = String(item.email);
    found.set(String(item.id), { signatureId: String(item.id), firstName: String(item.firstName), email, emailNormalized: normaliseEmail(email) });
  }
  return found;
}
