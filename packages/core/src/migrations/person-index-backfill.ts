import { ScanCommand, type ScanCommandInput } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { pool } from "../util/pool";
import { updateIf } from "../db/conditional";
import { personIndex, type RecordKind } from "../db/person-index";

/**
 * The person index's one-off migration: records written before gsi3 existed lack
 * `gsi3pk`/`gsi3sk`, so `recordsOf` cannot find them. One paginated Scan (the only scan in the
 * system: a migration, run by hand with `npm run job:person-index-backfill`, never by a Lambda)
 * finds the items of every kind that holds an e-mail and lacks the keys, and gives each the keys its
 * writer gives new ones (`personIndex`), by a conditional update that never overwrites keys a writer
 * set meanwhile and never brings back an item deleted meanwhile. Running it again updates nothing.
 */

/** Each kind of record that holds an e-mail: its item `type` and where the address is. */
const KINDS: Record<RecordKind, { type: string; email: (item: Record<string, unknown>) => string | undefined } | undefined> = {
  // signatures and guide submissions: the normalised e-mail beside the typed one (older items: only the typed one)
  signature: { type: "signature", email: (item) => text(item.emailNormalized) ?? text(item.email) },
  lead: { type: "lead", email: (item) => text(item.emailNormalized) ?? text(item.email) },
  // a report: `emailNormalized`; a report stored before that, its reporter (in `body` JSON, or a map before `body` existed)
  report: { type: "report", email: (item) => text(item.emailNormalized) ?? reporterEmail(item) },
  newsletter: { type: "newsletter", email: (item) => text(item.emailNormalized) ?? text(item.email) },
  // a pending confirmation token: the subscriber's normalised e-mail
  newsletterToken: { type: "newsletterToken", email: (item) => text(item.email) },
  // deletion links arrived with gsi3: their writer always set the keys
  privacyToken: undefined,
  // held mail arrived with gsi3 too
  heldMail: undefined,
};

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);

function reporterEmail(item: Record<string, unknown>): string | undefined {
  if (typeof item.body === "string") {
    try {
      return text((JSON.parse(item.body) as { reporter?: { email?: unknown } }).reporter?.email);
    } catch {
      return undefined;
    }
  }
  return text((item.reporter as { email?: unknown } | undefined)?.email);
}

const BACKFILLED = Object.entries(KINDS).filter((entry): entry is [RecordKind, NonNullable<(typeof KINDS)[RecordKind]>] => !!entry[1]);
const KIND_OF_TYPE = new Map(BACKFILLED.map(([kind, def]) => [def.type, kind]));

export type BackfillCounts = Partial<Record<RecordKind, number>>;

export interface BackfillResult {
  /** items given their keys, by kind */
  updated: BackfillCounts;
  /** items the scan read (before the filter) */
  scanned: number;
  /** items that matched but were left alone: no address in them, or keys (or a deletion) came first */
  skipped: number;
}

/** Updates in flight per scan page. */
const CONCURRENCY = 8;

/** The scan's filter: the items of the kinds above without the keys (an anonymised signature holds no address). */
export function scanInput(exclusiveStartKey?: Record<string, unknown>): ScanCommandInput {
  const types = BACKFILLED.map(([, def]) => def.type);
  return {
    TableName: table(),
    FilterExpression: `attribute_not_exists(gsi3pk) AND attribute_not_exists(anonymisedAt) AND #type IN (${types.map((_, i) => `:t${i}`).join(", ")})`,
    ExpressionAttributeNames: { "#type": "type" },
    ExpressionAttributeValues: Object.fromEntries(types.map((t, i) => [`:t${i}`, t])),
    ExclusiveStartKey: exclusiveStartKey,
  };
}

/** Sets one item's person-index keys unless it has some already or is gone; true when it did. */
async function backfillItem(kind: RecordKind, item: Record<string, unknown>, email: string): Promise<boolean> {
  const key = { pk: String(item.pk), sk: String(item.sk) };
  const keys = personIndex(email, kind, key);
  return updateIf({
    Key: key,
    UpdateExpression: "SET gsi3pk = :pk, gsi3sk = :sk",
    ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(gsi3pk)",
    ExpressionAttributeValues: { ":pk": keys.gsi3pk, ":sk": keys.gsi3sk },
  });
}

/**
 * Gives every record holding an e-mail that lacks them its person-index keys. `onPage` reports
 * progress after each scan page.
 */
export async function backfillPersonIndex(onPage?: (progress: BackfillResult) => void): Promise<BackfillResult> {
  const result: BackfillResult = { updated: {}, scanned: 0, skipped: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand(scanInput(start)));
    result.scanned += page.ScannedCount ?? 0;
    await pool(page.Items ?? [], CONCURRENCY, async (item) => {
      const kind = KIND_OF_TYPE.get(String(item.type));
      const email = kind ? KINDS[kind]!.email(item) : undefined;
      if (!kind || !email || !(await backfillItem(kind, item, email))) {
        result.skipped++;
        return;
      }
      result.updated[kind] = (result.updated[kind] ?? 0) + 1;
    });
    onPage?.(result);
    start = page.LastEvaluatedKey;
  } while (start);
  return result;
}
