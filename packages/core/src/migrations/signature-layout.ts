import { DeleteCommand, PutCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys, OUTBOX_PARTITIONS } from "../db/keys";
import { queryAll, queryPages } from "../db/query";
import { Petition } from "../petition";
import { settings } from "../config";
import { personIndex } from "../db/person-index";
import { pool } from "../util/pool";
import type { IndexLayout } from "../collection/index-rows";
import { PART as SUBSCRIBERS_PART, layout as subscriberLayout } from "../newsletter/index-item";
import { layout } from "../signature/index-item";
import { petitionIds } from "../signature/listing";

/**
 * Moves a table written before signing had no hot key (docs/architecture.md "Capacity") to the
 * current layout, once; safe to run again (it finds nothing to do). Before, a petition's counter
 * shards, e-mail guards and signatures were items of its own partition (the petition's key, with sk
 * `COUNT#n`, `EMAIL#<address>`, or `Keys.legacySignatureSortPrefix` and the signature's id), the signature and subscriber indexes had 16 buckets and
 * the outbox 4 (then 64) partitions. `npm start` runs it after provisioning; a deployed stage would run it as a job.
 */
export interface MigrationCounts {
  signatures: number;
  guards: number;
  counts: number;
  indexRows: number;
  outbox: number;
}

const OLD_INDEX_BUCKETS = 16;

export async function migrateSignatureLayout(): Promise<MigrationCounts> {
  const moved: MigrationCounts = { signatures: 0, guards: 0, counts: 0, indexRows: 0, outbox: 0 };
  for (const petitionId of await petitionIds()) await migratePetition(petitionId, moved);
  moved.indexRows += await rebucket(OLD_INDEX_BUCKETS, subscriberLayout, SUBSCRIBERS_PART);
  await migrateOutbox(moved);
  return moved;
}

/** Index rows of the old buckets of a part whose bucket is another one now; answers how many moved. */
async function rebucket(oldBuckets: number, layout: IndexLayout, part: string): Promise<number> {
  let moved = 0;
  for (let bucket = 0; bucket < oldBuckets; bucket++) {
    for await (const page of queryPages({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": layout.partition(part, bucket) },
    })) {
      const misplaced = (page.Items ?? []).filter((row) => layout.bucketOf(String(row.sk)) !== bucket);
      await pool(misplaced, 8, async (row) => {
        await db().send(new PutCommand({ TableName: table(), Item: { ...row, ...layout.key(part, String(row.sk)) } }));
        await db().send(new DeleteCommand({ TableName: table(), Key: { pk: row.pk, sk: row.sk } }));
        moved++;
      });
    }
  }
  return moved;
}

async function migratePetition(petitionId: string, moved: MigrationCounts): Promise<void> {
  const old = (
    await queryAll({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": Keys.petition(petitionId).pk },
      ConsistentRead: true,
    })
  ).filter((item) => item.sk !== "META");
  if (!(await Petition.ensureCounterShards(petitionId, settings().PETITION_COUNTER_SHARDS))) return;
  const oldKey = (item: Record<string, unknown>) => ({ pk: String(item.pk), sk: String(item.sk) });
  const counts = old.filter((i) => String(i.sk).startsWith("COUNT#"));
  if (counts.length) {
    const total = counts.reduce((n, i) => n + Number(i.count ?? 0), 0);
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          ...counts.map((i) => ({ Delete: { TableName: table(), Key: oldKey(i) } })),
          {
            Update: {
              TableName: table(),
              Key: Keys.counterShard(petitionId, 0),
              UpdateExpression: "ADD #c :n",
              ExpressionAttributeNames: { "#c": "count" },
              ExpressionAttributeValues: { ":n": total },
            },
          },
        ],
      }),
    );
    moved.counts += counts.length;
  }
  await pool(
    old.filter((i) => !String(i.sk).startsWith("COUNT#")),
    8,
    async (item) => {
      const sk = String(item.sk);
      const { pk: _pk, sk: _sk, ...rest } = item;
      let next: Record<string, unknown> | undefined;
      if (sk.startsWith(Keys.legacySignatureSortPrefix)) {
        const signatureId = sk.slice(Keys.legacySignatureSortPrefix.length);
        const key = Keys.signature(petitionId, signatureId);
        next = { ...rest, ...key, ...Keys.signatureList(String(item.createdAt), signatureId) };
        if (item.gsi3pk && typeof item.email === "string") next = { ...next, ...personIndex(item.email, "signature", key) };
        moved.signatures++;
      } else if (sk.startsWith("EMAIL#")) {
        next = { ...rest, ...Keys.emailGuard(petitionId, sk.slice(6)) };
        moved.guards++;
      }
      if (!next) return;
      await db().send(
        new TransactWriteCommand({ TransactItems: [{ Put: { TableName: table(), Item: next } }, { Delete: { TableName: table(), Key: oldKey(item) } }] }),
      );
    },
  );
  moved.indexRows += await rebucket(OLD_INDEX_BUCKETS, layout, petitionId);
}

/** Outbox items of a partition they no longer belong to (4 and 64 partitions before): their acknowledgement deletes by the new key. */
async function migrateOutbox(moved: MigrationCounts): Promise<void> {
  for (let n = 0; n < OUTBOX_PARTITIONS; n++) {
    const items = await queryAll({ TableName: table(), KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": Keys.outboxPartition(n) } });
    for (const item of items.filter((i) => Keys.outbox(String(i.sk)).pk !== i.pk)) {
      await db().send(new PutCommand({ TableName: table(), Item: { ...item, ...Keys.outbox(String(item.sk)) } }));
      await db().send(new DeleteCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk } }));
      moved.outbox++;
    }
  }
}
