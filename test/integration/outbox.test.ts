import { randomUUID } from "node:crypto";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { Bus } from "@site/core/bus";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { OUTBOX_PARTITIONS, Keys } from "@site/core/db/keys";
import { queryAll } from "@site/core/db/query";
import { listOutbox } from "@site/core/mail/outbox";
import { Outbox } from "@site/core/outbox";
import { Lead } from "@site/core/lead";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { handler as ask } from "../../packages/functions/src/http/lead-create";
import { installLocalBus } from "../../scripts/local/bus";
import { DIED_AFTER_COMMIT, writeThenDie } from "../support/crash";
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
const askEvent = (form: string, body: object) => httpEvent({ method: "POST", pathParameters: { form }, body, sourceIp: `10.202.${++ip}.1` });
/** A guide form's submission: its guide e-mail and the administrators' notice follow from `lead.created` through the outbox. */
const guideRequest = (tag: string) => ({
  fullName: "Ana Lima",
  email: `outbox-${tag}-${randomUUID().slice(0, 6)}@example.com`,
  newsletterConsent: false,
  client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
});

describe("the transactional outbox", () => {
  it("writes lead.created in the submission's transaction; the delivered event is acknowledged", async () => {
    holding = true;
    let res: Awaited<ReturnType<typeof call>>, committed: Record<string, unknown>[];
    try {
      res = await call(ask, askEvent("checklist", guideRequest("ob")));
      committed = await outboxItems();
    } finally {
      holding = false;
      bus.kick();
    }
    expect(res.statusCode).toBe(201);
    // committed with the submission, before any delivery ran
    expect(committed).toContainEqual(
      expect.objectContaining({ type: "outbox", eventType: "lead.created", detail: { leadId: res.body.id, form: "checklist" } }),
    );
    await bus.idle();
    expect((await outboxItems()).filter((i) => (i.detail as { leadId?: string }).leadId === res.body.id)).toEqual([]);
  });

  it("a process killed between commit and publish loses nothing: the sweeper publishes, each e-mail arrives once", async () => {
    const person = guideRequest("killed");
    const child = writeThenDie("lead", "checklist", person);
    expect(child.status, child.stderr).toBe(DIED_AFTER_COMMIT);

    // the submission was committed, its event was not published
    await bus.idle();
    expect(await mailTo(person.email)).toHaveLength(0);
    const [lost] = (await outboxItems()).filter((i) => i.eventType === "lead.created");
    expect(lost).toMatchObject({ eventType: "lead.created", detail: { form: "checklist" } });

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
    const person = guideRequest("reack");
    // what the guide form's handler does, keeping the event to put it back afterwards
    const { event } = await Lead.create({
      form: "checklist",
      submission: Lead.LeadInput.parse(person),
      client: "10.203.0.1",
      meta: metaDetails(fromHeaders({ "user-agent": "test/1.0" }, "10.203.0.1"), person.client),
    });
    await Bus.publish(Lead.Events.Created, event.detail, event.id);
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

  it("republishes at most OUTBOX_SWEEP_MAX_PER_RUN events a run: an overload's backlog goes out over several runs", async () => {
    await bus.idle();
    expect(await outboxItems()).toEqual([]);
    const t0 = Date.now();
    const stuck = Array.from({ length: 25 }, (_, i) => ({ id: sortableId(t0 - 120_000 - i), type: "test.undelivered", detail: {} }));
    for (const event of stuck) await db().send(new PutCommand(Outbox.put(event).Put));
    holding = true;
    try {
      const run = async () => (await Outbox.sweep({ now: t0, maxEvents: 10, perSecond: 1000 })).republished;
      expect([await run(), await run(), await run(), await run()]).toEqual([10, 10, 5, 0]);
      // each was republished once, none twice
      expect((await outboxItems()).map((i) => i.sweepAttempts)).toEqual(stuck.map(() => 1));
    } finally {
      holding = false;
      bus.kick();
    }
    await bus.idle();
    expect(await outboxItems()).toEqual([]);
  });
});
