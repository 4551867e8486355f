/**
 * A table from before signing had no hot key: a petition's counter shards, e-mail guards and
 * signatures were items of its own partition, the signature index had 16 buckets. Signatures made
 * today are turned back into that layout; the migration moves them, counts stay exact, a second
 * signature with a migrated address is refused, deletion finds everything, a second run does nothing.
 */
import { randomUUID } from "node:crypto";
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { db, table } from "@site/core/db/client";
import { Keys, fnv1a } from "@site/core/db/keys";
import { Petition } from "@site/core/petition";
import { SignatureDeletion } from "@site/core/signature/deletion";
import { migrateSignatureLayout } from "@site/core/migrations/signature-layout";
import { countFrom } from "@site/core/signature/index-partitions";
import { normaliseEmail } from "@site/core/util/email";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent } from "../support/http";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { useOwnTable } from "../support/table-snapshot";

const bus = installLocalBus();
const run = randomUUID().slice(0, 6);

beforeAll(async () => {
  await useOwnTable("signature-layout-migration");
});

/** Rewrites a petition's items into the layout from before. */
async function toOldLayout(petitionId: string): Promise<void> {
  const items = await petitionItems(petitionId);
  const old = Keys.petition(petitionId).pk;
  let total = 0;
  for (const shard of items.shards) {
    total += Number(shard.count ?? 0);
    await db().send(new DeleteCommand({ TableName: table(), Key: { pk: shard.pk, sk: shard.sk } }));
  }
  await db().send(new PutCommand({ TableName: table(), Item: { pk: old, sk: "COUNT#3", type: "counterShard", count: total } }));
  await db().send(new UpdateCommand({ TableName: table(), Key: Keys.petition(petitionId), UpdateExpression: "REMOVE counterShards" }));
  for (const s of items.signatures) {
    await db().send(new DeleteCommand({ TableName: table(), Key: { pk: s.pk, sk: s.sk } }));
    await db().send(new PutCommand({ TableName: table(), Item: { ...s, pk: old, sk: `SIG#${s.id}`, gsi1pk: "SIGNATURES" } }));
    const email = normaliseEmail(String(s.email));
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.emailGuard(petitionId, email) }));
    await db().send(new PutCommand({ TableName: table(), Item: { pk: old, sk: `EMAIL#${email}`, type: "emailGuard", signatureId: s.id } }));
    // the index row in its bucket of 16
    const key = { pk: Keys.signatureIndexPartition(petitionId, fnv1a(String(s.id)) % 32), sk: String(s.id) };
    const row = (await db().send(new GetCommand({ TableName: table(), Key: key }))).Item!;
    await db().send(new DeleteCommand({ TableName: table(), Key: key }));
    await db().send(new PutCommand({ TableName: table(), Item: { ...row, pk: Keys.signatureIndexPartition(petitionId, fnv1a(String(s.id)) % 16) } }));
  }
  Petition.forgetCount(petitionId);
}

describe("the signature layout migration", () => {
  it("moves a petition from before: counts exact, guards hold, deletion finds every signature", async () => {
    const { id } = await newPetition();
    const people = Array.from({ length: 12 }, (_, i) => signer(`${run}${i}`));
    for (const [i, person] of people.entries()) {
      expect((await call(sign, httpEvent({ method: "POST", pathParameters: { id }, body: person, sourceIp: `10.61.0.${i + 1}` }))).statusCode).toBe(201);
    }
    await bus.idle();
    await toOldLayout(id);
    expect((await petitionItems(id)).signatures.filter((s) => s.pk !== Keys.petition(id).pk)).toHaveLength(0);

    const moved = await migrateSignatureLayout();
    expect(moved).toMatchObject({ signatures: 12, guards: 12, counts: 1 });
    expect(moved.indexRows).toBeGreaterThan(0);
    Petition.forgetCount(id);
    expect(await Petition.count(id, true)).toBe(12);
    const items = await petitionItems(id);
    expect(items.signatures).toHaveLength(12);
    expect(items.guards).toHaveLength(12);
    expect(items.all.filter((i) => i.pk === Keys.petition(id).pk)).toHaveLength(1);
    expect(await countFrom(id, "")).toBe(12);

    const again = await call(sign, httpEvent({ method: "POST", pathParameters: { id }, body: people[0], sourceIp: "10.61.1.1" }));
    // a mailbox that has signed is answered as a first signature (no enumeration) and counts nothing
    expect(again.statusCode).toBe(201);
    expect(await Petition.count(id, true)).toBe(12);
    expect(await migrateSignatureLayout()).toEqual({ signatures: 0, guards: 0, counts: 0, indexRows: 0, outbox: 0 });

    expect(await SignatureDeletion.deleteChunk(id, 500)).toBe(12);
    expect(await Petition.count(id, true)).toBe(0);
    expect((await petitionItems(id)).signatures).toHaveLength(0);
  });
});
