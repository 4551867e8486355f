import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { Bus } from "@site/core/bus";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { OUTBOX_PARTITIONS, Keys } from "@site/core/db/keys";
import { queryAll } from "@site/core/db/query";
import { listOutbox } from "@site/core/mail/outbox";
import { Outbox } from "@site/core/outbox";
import { Signature } from "@site/core/signature";
import { fromHeaders } from "@site/core/request/metadata";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { installLocalBus } from "../../scripts/local/bus";
import { repoRoot } from "../../scripts/local/paths";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { call, httpEvent } from "../support/http";
import { useOwnTable } from "../support/own-table";
import { sortableId } from "@site/core/util/id";

// The sweeper reads the whole outbox: a table of this file's own keeps other files' events out.
beforeAll(() => useOwnTable("outbox"));
// While `holding`, deliveries wait (however long): the first test reads the outbox before any ran.
let holding = false;
const bus = installLocalBus({ busy: () => holding, maxDeferMs: Number.POSITIVE_INFINITY });

const outboxItems = async () =>
  (
    await Promise.all(
      Array.from({ length: OUTBOX_PARTITIONS }, (_, n) =>
        queryAll({
          TableName: table(),
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": Keys.outboxPartition(n) },
          ConsistentRead: true,
        }),
      ),
    )
  ).flat();
const mailTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));
const adminMailAbout = async (email: string) => (await mailTo("admins@example.org")).filter((m) => m.text.includes(email));
let ip = 0;
const signEvent = (petitionId: string, body: object) => httpEvent({ method: "POST", pathParameters: { id: petitionId }, body, sourceIp: `10.202.${++ip}.1` });

describe("the transactional outbox", () => {
  it("writes signature.created in the signing transaction; the delivered event is acknowledged", async () => {
    const p = await newPetition();
    holding = true;
    let res: Awaited<ReturnType<typeof call>>, committed: Record<string, unknown>[];
    try {
      res = await call(sign, signEvent(p.id, signer("ob")));
      committed = await outboxItems();
    } finally {
      holding = false;
      bus.kick();
    }
    expect(res.statusCode).toBe(201);
    // committed with the signature, before any delivery ran
    expect(committed).toContainEqual(
      expect.objectContaining({ type: "outbox", eventType: "signature.created", detail: { petitionId: p.id, signatureId: res.body.signatureId } }),
    );
    await bus.idle();
    expect((await outboxItems()).filter((i) => (i.detail as { petitionId: string }).petitionId === p.id)).toEqual([]);
  });

  it("a process killed between commit and publish loses nothing: the sweeper publishes, each e-mail arrives once", async () => {
    const p = await newPetition(50);
    const person = signer("killed");
    const child = spawnSync(process.execPath, ["--import", "tsx", join(repoRoot, "test/support/sign-then-die.ts"), p.id, JSON.stringify(person)], {
      cwd: repoRoot,
      env: process.env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(child.status, child.stderr).toBe(42);

    // the signature was committed, its event was not published
    const { signatures } = await petitionItems(p.id);
    expect(signatures).toHaveLength(1);
    await bus.idle();
    expect(await mailTo(person.email)).toHaveLength(0);
    const [lost] = (await outboxItems()).filter((i) => (i.detail as { petitionId: string }).petitionId === p.id);
    expect(lost).toMatchObject({ eventType: "signature.created", detail: { signatureId: signatures[0].id } });

    // within the grace period the sweeper leaves it alone (the fast path may still be on its way)
    expect(await Outbox.sweep()).toEqual({ republished: 0, failed: 0 });
    const swept = await Outbox.sweep({ graceMs: 0 });
    expect(swept.republished).toBeGreaterThanOrEqual(1);
    await bus.idle();
    expect(await mailTo(person.email)).toHaveLength(1);
    expect(await adminMailAbout(person.email)).toHaveLength(1);

    // acknowledged: the next sweep has nothing of it; had it republished, nothing would be sent again
    expect((await outboxItems()).filter((i) => i.sk === lost.sk)).toEqual([]);
    await Outbox.sweep({ graceMs: 0 });
    await bus.idle();
    expect(await mailTo(person.email)).toHaveLength(1);
    expect(await adminMailAbout(person.email)).toHaveLength(1);
  });

  it("an event republished after it was delivered (a lost acknowledgement) has no second effect", async () => {
    const p = await newPetition();
    const person = signer("reack");
    // what the sign handler does, keeping the event to put it back afterwards
    const { event: created } = await Signature.create({
      petitionId: p.id,
      client: "10.203.0.1",
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      newsletterConsent: false,
      meta: Signature.metaDetails(fromHeaders({ "user-agent": "test/1.0" }, "10.203.0.1"), person.client),
    });
    const event = created!;
    await Bus.publish(Signature.Events.Created, event.detail, event.id);
    await bus.idle();
    expect(await mailTo(person.email)).toHaveLength(1);
    expect(await adminMailAbout(person.email)).toHaveLength(1);

    await db().send(new PutCommand(Outbox.put(event).Put));
    expect((await Outbox.sweep({ graceMs: 0 })).republished).toBeGreaterThanOrEqual(1);
    await bus.idle();
    expect(await mailTo(person.email)).toHaveLength(1);
    expect(await adminMailAbout(person.email)).toHaveLength(1);
    expect((await outboxItems()).filter((i) => i.sk === event.id)).toEqual([]);
  });

  it("an event the bus keeps failing to deliver is republished with a growing back-off, not every minute", async () => {
    await bus.idle();
    expect(await outboxItems()).toEqual([]);
    const t0 = Date.now();
    const stuck = { id: sortableId(t0 - 120_000), type: "test.undelivered", detail: {} };
    await db().send(new PutCommand(Outbox.put(stuck).Put));
    holding = true; // deliveries (and so acknowledgements) wait: the event stays in the outbox
    try {
      const at = async (ms: number) => (await Outbox.sweep({ now: t0 + ms })).republished;
      expect(await at(0)).toBe(1);
      expect(await at(1000)).toBe(0); // the next minute's sweep leaves it alone
      expect(await at(Outbox.FIRST_SWEEP_BACKOFF_MS)).toBe(1);
      expect(await at(Outbox.FIRST_SWEEP_BACKOFF_MS * 2)).toBe(0); // now two minutes from the last try
      expect(await at(Outbox.FIRST_SWEEP_BACKOFF_MS * 3)).toBe(1);
      const [item] = await outboxItems();
      expect(item).toMatchObject({ sweepAttempts: 3, sweepAfter: t0 + Outbox.FIRST_SWEEP_BACKOFF_MS * 3 + 4 * Outbox.FIRST_SWEEP_BACKOFF_MS });
      expect(Outbox.nextSweepAt(0, 30)).toBe(Outbox.MAX_SWEEP_BACKOFF_MS);
    } finally {
      holding = false;
      bus.kick();
    }
    await bus.idle();
    expect(await outboxItems()).toEqual([]);
  });
});
