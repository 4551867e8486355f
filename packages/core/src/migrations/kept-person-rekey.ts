import { GetCommand, ScanCommand, TransactWriteCommand, type ScanCommandInput, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { keptPersonOfHash } from "../db/person-index";
import { pool } from "../util/pool";
import { PART, decodeRow, indexItemOfRow, indexKey } from "../privacy/index-item";

/**
 * The one-off migration that keys the person hashes kept past the records (security review N9): the
 * suppression list's entries (`SUPPRESS#<hash>`, with the hash in `person` and in the console list's
 * `gsi1sk`) and the deletion requests' `person` (and their admin index rows) were written with the
 * plain `personHash`, which can be tested against guessed addresses. Each is moved to the kept hash
 * (db/person-index.ts `keptPersonOfHash`, computable from the plain hash they hold) and marked
 * `personKeyed: true`, as every writer now marks what it writes: the two hashes look alike (43
 * base64url characters), so the mark is what tells a re-keyed item from an old one.
 *
 * Like the person index's backfill (person-index-backfill.ts) it is one paginated Scan, run by hand
 * with `npm run job:kept-person-rekey`, never by a Lambda. Every move is one transaction conditioned
 * on what was read, so a writer meanwhile cancels it (counted as skipped; run again). Running it again
 * re-keys nothing it re-keyed. Until it has run, the entries written before the deploy are not found
 * by their address: SES's account-level suppression list stays the backstop of those addresses.
 */

/** What a run did. */
export interface RekeyResult {
  /** items moved to the kept hash, by kind */
  rekeyed: { suppression: number; privacyRequest: number };
  /** old suppression entries folded into an entry a writer had already made under the kept hash */
  merged: number;
  /** items the scan read (before its filter) */
  scanned: number;
  /** items that matched but were left alone: gone, re-keyed meanwhile, or changed under the move (run again) */
  skipped: number;
}

/** Moves in flight per scan page. */
const CONCURRENCY = 8;
/** Reads and tries of one item before it is left for the next run. */
const ATTEMPTS = 3;

type Item = Record<string, unknown>;

/** The scan's filter: the items of both kinds not yet marked as holding the kept hash. */
export function scanInput(exclusiveStartKey?: Record<string, unknown>): ScanCommandInput {
  return {
    TableName: table(),
    FilterExpression: "#type IN (:suppression, :request) AND attribute_not_exists(personKeyed)",
    ExpressionAttributeNames: { "#type": "type" },
    ExpressionAttributeValues: { ":suppression": "suppression", ":request": "privacyRequest" },
    ExclusiveStartKey: exclusiveStartKey,
  };
}

/** Every attribute a suppression entry's writers set (suppression/index.ts). */
const SUPPRESSION_ATTRIBUTES = ["type", "person", "personKeyed", "suppressed", "reason", "kind", "at", "gsi1pk", "gsi1sk", "expiresAt", "transientBounces"];

/** The condition that an item holds exactly what was read of `attributes` (absent ones still absent). */
function unchanged(item: Item, attributes: string[]) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const terms = attributes.map((attribute, i) => {
    names[`#a${i}`] = attribute;
    if (!(attribute in item)) return `attribute_not_exists(#a${i})`;
    values[`:a${i}`] = item[attribute];
    return `#a${i} = :a${i}`;
  });
  return { ConditionExpression: terms.join(" AND "), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

const isSuppressed = (entry: Item) => entry.suppressed === true;

/**
 * One suppression entry of an old one (re-keyed) and the one a writer made under the kept hash since
 * the deploy, as the writers would have left it had both reports come to one entry: a suppression
 * outweighs a count of transient bounces; of two suppressions the earlier stays (mail stopped then),
 * with a complaint's reason if either was a complaint; two counts add up. It is kept the longer of the two.
 */
export function mergedSuppression(moved: Item, current: Item): Item {
  const latest = Math.max(Number(moved.expiresAt) || 0, Number(current.expiresAt) || 0);
  const kept = latest > 0 ? { expiresAt: latest } : {};
  if (!isSuppressed(moved) && !isSuppressed(current)) {
    return { ...current, transientBounces: (Number(moved.transientBounces) || 0) + (Number(current.transientBounces) || 0), ...kept };
  }
  const base = !isSuppressed(current) ? moved : !isSuppressed(moved) ? current : String(moved.at) <= String(current.at) ? moved : current;
  const complaint = [moved, current].some((entry) => isSuppressed(entry) && entry.reason === "complaint");
  return { ...base, ...(complaint ? { reason: "complaint" } : {}), ...kept };
}

/** An old suppression entry as it is under the kept hash. */
function movedSuppression(old: Item, plain: string, kept: string): Item {
  const listed = typeof old.gsi1sk === "string" ? old.gsi1sk : undefined;
  const gsi1sk =
    listed === undefined
      ? undefined
      : listed.endsWith(`#${plain}`)
        ? `${listed.slice(0, -plain.length)}${kept}`
        : Keys.suppressionList(String(old.at), kept).gsi1sk;
  return { ...old, ...Keys.suppression(kept), person: kept, personKeyed: true, ...(gsi1sk === undefined ? {} : { gsi1sk }) };
}

const isCancelled = (err: unknown) => ["TransactionCanceledException", "ConditionalCheckFailedException"].includes((err as Error).name);

/** Moves one old suppression entry to its kept hash: "rekeyed", "merged" (into one made since), or "skipped". */
async function rekeySuppression(key: { pk: string; sk: string }): Promise<"rekeyed" | "merged" | "skipped"> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { Item: old } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
    if (!old || old.personKeyed === true) return "skipped";
    const plain = typeof old.person === "string" && old.person ? old.person : key.pk.slice("SUPPRESS#".length);
    const kept = keptPersonOfHash(plain);
    const moved = movedSuppression(old, plain, kept);
    const { Item: current } = await db().send(new GetCommand({ TableName: table(), Key: Keys.suppression(kept), ConsistentRead: true }));
    const put = current
      ? { Put: { TableName: table(), Item: mergedSuppression(moved, current), ...unchanged(current, SUPPRESSION_ATTRIBUTES) } }
      : { Put: { TableName: table(), Item: moved, ConditionExpression: "attribute_not_exists(pk)" } };
    try {
      await db().send(
        new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: table(), Key: key, ...unchanged(old, SUPPRESSION_ATTRIBUTES) } }, put] }),
      );
      return current ? "merged" : "rekeyed";
    } catch (err) {
      if (!isCancelled(err)) throw err;
    }
  }
  return "skipped";
}

/**
 * Re-keys one old deletion request: its `person` (an update that touches nothing else) and its admin
 * index row (rewritten from the row as stored, with the kept hash in its packed row and its search key).
 */
async function rekeyRequest(key: { pk: string; sk: string }): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const { Item: req } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
    if (!req || req.personKeyed === true || typeof req.person !== "string") return false;
    const plain = req.person;
    const kept = keptPersonOfHash(plain);
    const id = typeof req.id === "string" ? req.id : key.pk.slice("PRIVACYREQ#".length);
    const { Item: row } = await db().send(new GetCommand({ TableName: table(), Key: indexKey(id), ConsistentRead: true }));
    const decoded = row ? decodeRow(PART, String(row.sk), String(row.r)) : undefined;
    const writes: NonNullable<TransactWriteCommandInput["TransactItems"]> = [
      {
        Update: {
          TableName: table(),
          Key: key,
          UpdateExpression: "SET #person = :kept, personKeyed = :true",
          ConditionExpression: "#person = :plain AND attribute_not_exists(personKeyed)",
          ExpressionAttributeNames: { "#person": "person" },
          ExpressionAttributeValues: { ":kept": kept, ":plain": plain, ":true": true },
        },
      },
    ];
    if (row && decoded?.person === plain) {
      writes.push({
        Put: {
          TableName: table(),
          Item: indexItemOfRow({ ...decoded, person: kept }, Number(row.expiresAt ?? req.expiresAt)),
          ConditionExpression: "r = :r",
          ExpressionAttributeValues: { ":r": row.r },
        },
      });
    }
    try {
      await db().send(new TransactWriteCommand({ TransactItems: writes }));
      return true;
    } catch (err) {
      if (!isCancelled(err)) throw err;
    }
  }
  return false;
}

/**
 * Re-keys every suppression entry and deletion request that still holds the plain hash. Throws before
 * reading anything when AUDIT_HASH_KEY is not set. `onPage` reports progress after each scan page.
 */
export async function rekeyKeptPersons(onPage?: (progress: RekeyResult) => void): Promise<RekeyResult> {
  keptPersonOfHash(""); // fails fast, before the scan, when AUDIT_HASH_KEY is not set
  const result: RekeyResult = { rekeyed: { suppression: 0, privacyRequest: 0 }, merged: 0, scanned: 0, skipped: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand(scanInput(start)));
    result.scanned += page.ScannedCount ?? 0;
    await pool(page.Items ?? [], CONCURRENCY, async (item) => {
      const key = { pk: String(item.pk), sk: String(item.sk) };
      if (item.type === "suppression") {
        const done = await rekeySuppression(key);
        if (done === "rekeyed") result.rekeyed.suppression++;
        else if (done === "merged") result.merged++;
        else result.skipped++;
      } else if (await rekeyRequest(key)) result.rekeyed.privacyRequest++;
      else result.skipped++;
    });
    onPage?.(result);
    start = page.LastEvaluatedKey;
  } while (start);
  return result;
}
