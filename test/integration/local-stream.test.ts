import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { DescribeTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBStreamsClient, GetRecordsCommand } from "@aws-sdk/client-dynamodb-streams";
import { resetSettings, settings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { listOutbox } from "@site/core/mail/outbox";
import { SignatureEffects } from "@site/core/signature/effects";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { installLocalBus, type LocalBus } from "../../scripts/local/bus";
import { ensureTable, withoutStream } from "../../scripts/local/provision";
import { newPetition, signer } from "../support/fixtures";
import { DIED_AFTER_COMMIT, writeThenDie } from "../support/crash";
import { call, httpEvent } from "../support/http";

/**
 * The running stack's side effects of a signature come from DynamoDB Local's real stream of its
 * table (scripts/local/streams.ts, source `table`), as Lambda's event source mapping reads the
 * deployed table's. This file's table has a stream of its own (the other test files' stand-in is their
 * process's writes).
 */
let bus: LocalBus;
beforeAll(async () => {
  const name = `stream-${randomUUID().slice(0, 8)}`;
  await ensureTable(process.env.DYNAMODB_ENDPOINT!, name, { stream: true });
  process.env.TABLE_NAME = name;
  resetSettings();
  resetDb();
  bus = installLocalBus({ stream: "table" });
});
afterAll(() => bus.stop());

const mailsTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));

it("reads the table's stream: a signature's thank-you e-mail follows from its item", async () => {
  const p = await newPetition();
  const person = signer("stream");
  expect((await call(sign, httpEvent({ method: "POST", pathParameters: { id: p.id }, body: person, sourceIp: "10.60.0.1" }))).statusCode).toBe(201);
  await bus.idle();
  await expect.poll(async () => (await mailsTo(person.email)).map((m) => m.subject)).toEqual(["Thank you for signing — help us spread the word"]);
});

it("gives a batch that failed again, from its first record, and its effects happen once", async () => {
  const p = await newPetition();
  const person = signer("retried");
  const original = SignatureEffects.handleBatch;
  let failures = 0;
  const spy = vi.spyOn(SignatureEffects, "handleBatch").mockImplementation(async (records) => {
    if (failures++ === 0) throw new Error("the consumer failed");
    return original(records);
  });
  try {
    expect((await call(sign, httpEvent({ method: "POST", pathParameters: { id: p.id }, body: person, sourceIp: "10.60.0.2" }))).statusCode).toBe(201);
    await expect.poll(async () => (await mailsTo(person.email)).length, { timeout: 20_000 }).toBe(1);
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(bus.streams.failures).toEqual([]);
  } finally {
    spy.mockRestore();
  }
});

it("a signing process killed the moment its transaction committed loses nothing: the stream carries the signature to its effects", async () => {
  const p = await newPetition();
  const person = signer("killed");
  const child = writeThenDie("sign", p.id, person);
  expect(child.status, child.stderr).toBe(DIED_AFTER_COMMIT);
  // no outbox item, no publish: the committed signature item is the event
  await bus.idle();
  await expect.poll(async () => (await mailsTo(person.email)).length, { timeout: 20_000 }).toBe(1);
});

/** Records the keys of every signature record the consumer is handed (it still handles them). */
function recordHandedKeys() {
  const handed: string[] = [];
  const original = SignatureEffects.handleBatch;
  const spy = vi.spyOn(SignatureEffects, "handleBatch").mockImplementation(async (records) => {
    handed.push(...records.map((r) => JSON.stringify(r.dynamodb.Keys)));
    return original(records);
  });
  return { handed, spy };
}

const signAs = async (person: ReturnType<typeof signer>, ip: string, petitionId: string) =>
  expect((await call(sign, httpEvent({ method: "POST", pathParameters: { id: petitionId }, body: person, sourceIp: ip }))).statusCode).toBe(201);

it("a stream turned off and on again (a benchmark's bulk seeding): the reader takes the new stream, hands nothing twice, misses nothing", async () => {
  const { handed, spy } = recordHandedKeys();
  try {
    const p = await newPetition();
    const before = signer("before-seeding");
    await signAs(before, "10.60.0.5", p.id);
    await bus.idle();
    await expect.poll(async () => (await mailsTo(before.email)).length, { timeout: 20_000 }).toBe(1);
    const handedBefore = new Set(handed);

    const seeded = signer("seeded");
    await withoutStream(process.env.DYNAMODB_ENDPOINT!, settings().TABLE_NAME!, async () => {
      await signAs(seeded, "10.60.0.6", p.id);
      // the reader reads the old stream to its end and finds it off (several of its passes)
      await new Promise((r) => setTimeout(r, 1500));
    });
    const after = signer("after-seeding");
    handed.length = 0;
    await signAs(after, "10.60.0.7", p.id);
    await expect.poll(async () => (await mailsTo(after.email)).length, { timeout: 20_000 }).toBe(1);
    await bus.idle();
    expect(handed.filter((key) => handedBefore.has(key))).toEqual([]);
    // written while the stream was off: no consumer saw it (seeded history)
    expect(await mailsTo(seeded.email)).toEqual([]);
    expect((await mailsTo(before.email)).length).toBe(1);
  } finally {
    spy.mockRestore();
  }
});

it("a read that fails for a while (DynamoDB Local busy) keeps the stream: no DescribeTable, the records read again from their checkpoint, handed once", async () => {
  const { handed, spy } = recordHandedKeys();
  const sendStreams = DynamoDBStreamsClient.prototype.send as (command: unknown) => Promise<unknown>;
  const sendTable = DynamoDBClient.prototype.send as (command: unknown) => Promise<unknown>;
  let failing = true;
  let failedReads = 0;
  let described = 0;
  const streamsSpy = vi.spyOn(DynamoDBStreamsClient.prototype, "send").mockImplementation(function (this: DynamoDBStreamsClient, command: unknown) {
    if (failing && command instanceof GetRecordsCommand) {
      failedReads++;
      return Promise.reject(Object.assign(new Error("database is locked"), { name: "InternalServerError" }));
    }
    return sendStreams.call(this, command);
  } as never);
  const tableSpy = vi.spyOn(DynamoDBClient.prototype, "send").mockImplementation(function (this: DynamoDBClient, command: unknown) {
    if (command instanceof DescribeTableCommand) described++;
    return sendTable.call(this, command);
  } as never);
  try {
    const p = await newPetition();
    const person = signer("transient");
    await signAs(person, "10.60.0.8", p.id);
    // the reader's passes fail for a while, then DynamoDB Local answers again
    await expect.poll(() => failedReads, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    failing = false;
    await expect.poll(async () => (await mailsTo(person.email)).length, { timeout: 20_000 }).toBe(1);
    await bus.idle();
    // the reader used to describe the table again after each failed read: at a million rows, minutes of DynamoDB Local's time
    expect(described).toBe(0);
    expect(handed.length).toBeGreaterThan(0);
    expect(new Set(handed).size).toBe(handed.length);
  } finally {
    streamsSpy.mockRestore();
    tableSpy.mockRestore();
    spy.mockRestore();
  }
});

it("a restarted reader goes on after the last record it handed over: nothing handed again, nothing written meanwhile lost", async () => {
  bus.stop(); // this test's readers only
  const checkpointFile = join(mkdtempSync(join(tmpdir(), "stream-checkpoints-")), "stream-checkpoints.json");
  const { handed, spy } = recordHandedKeys();
  try {
    const p = await newPetition();
    const before = signer("before-restart");
    const first = installLocalBus({ stream: "table", streamCheckpointFile: checkpointFile });
    await signAs(before, "10.60.0.3", p.id);
    await first.idle();
    await expect.poll(async () => (await mailsTo(before.email)).length, { timeout: 20_000 }).toBe(1);
    first.stop();
    const handedBefore = new Set(handed);
    expect(handedBefore.size).toBeGreaterThan(0);

    // written while no reader runs (the stack stopped), then a new reader
    const meanwhile = signer("while-stopped");
    await signAs(meanwhile, "10.60.0.4", p.id);
    handed.length = 0;
    bus = installLocalBus({ stream: "table", streamCheckpointFile: checkpointFile });
    await bus.idle();
    await expect.poll(async () => (await mailsTo(meanwhile.email)).length, { timeout: 20_000 }).toBe(1);
    expect(handed.length).toBeGreaterThan(0);
    expect(handed.filter((key) => handedBefore.has(key))).toEqual([]);
    expect((await mailsTo(before.email)).length).toBe(1);
  } finally {
    spy.mockRestore();
  }
});
