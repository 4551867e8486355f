import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as listPetitions } from "../../packages/functions/src/http/admin-petition-list";
import { handler as createPetition } from "../../packages/functions/src/http/admin-petition-create";
import { handler as updatePetition } from "../../packages/functions/src/http/admin-petition-update";
import { handler as deletePetition } from "../../packages/functions/src/http/admin-petition-delete";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { db, table } from "@site/core/db/client";
import { SIGNATURE_INDEX_BUCKETS, Keys } from "@site/core/db/keys";
import { Petition } from "@site/core/petition";
import { SignatureListing } from "@site/core/signature/listing";
import { adminClaims, asAdmin } from "../support/admin";
import { call, httpEvent } from "../support/http";
import { petitionItems, signer } from "../support/fixtures";
import { importRequests } from "../support/signatures";
import { installLocalBus } from "../../scripts/local/bus";
import { collect } from "../support/rows";
import { useOwnTable } from "../support/table-snapshot";
import { smallDeleteChunks } from "../support/delete-chunk";

const bus = installLocalBus();
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;

beforeAll(async () => {
  // a table of its own: "creates nothing" counts every petition, which other files create at the same time
  await useOwnTable("admin-petitions");
  smallDeleteChunks();
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
});

async function allItemsUnder(pk: string) {
  const res = await db().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": pk }, ConsistentRead: true }),
  );
  return res.Items ?? [];
}

describe("creating petitions", () => {
  it("creates a petition and answers 201 with it", async () => {
    const res = await admin(createPetition, { method: "POST", body: { title: " Fair exits ", story: "Owners deserve a way out.", goal: "1000" } });
    expect(res.statusCode).toBe(201);
    // a new petition counts only signatures confirmed by e-mail unless the administrator says otherwise
    expect(res.body).toMatchObject({
      title: "Fair exits",
      story: "Owners deserve a way out.",
      goal: 1000,
      signatureCount: 0,
      pendingCount: 0,
      verifySignatures: true,
    });
    expect((await Petition.fromID(res.body.id)).title).toBe("Fair exits");
  });

  it.each([
    [{ title: "T", story: "S", goal: 0 }, "goal", "Goal must be at least 1"],
    [{ title: "T", story: "S", goal: -5 }, "goal", "Goal must be at least 1"],
    [{ title: "T", story: "S", goal: 2.5 }, "goal", "Goal must be a whole number"],
    [{ title: "T", story: "S", goal: "abc" }, "goal", "Goal must be a whole number"],
    [{ title: "T", story: "S" }, "goal", "Goal is required"],
    [{ title: "T", story: "S", goal: "" }, "goal", "Goal is required"],
    [{ title: " ", story: "S", goal: 10 }, "title", "Title is required"],
    [{ title: "T", story: "", goal: 10 }, "story", "Story is required"],
  ])("refuses %j with the field message and creates nothing", async (body, field, message) => {
    const before = (await Petition.list()).length;
    const res = await admin(createPetition, { method: "POST", body });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    expect((await Petition.list()).length).toBe(before);
  });

  it("ignores a client-chosen id", async () => {
    const res = await admin(createPetition, { method: "POST", body: { id: "chosen", title: "T", story: "S", goal: 5 } });
    expect(res.statusCode).toBe(201);
    expect(res.body.id).not.toBe("chosen");
  });
});

describe("listing petitions", () => {
  const tag = `zq${crypto.randomUUID().slice(0, 6)}`;
  const ids: string[] = [];
  beforeAll(async () => {
    for (const [i, goal] of [300, 100, 200].entries()) {
      const res = await admin(createPetition, {
        method: "POST",
        body: { title: `${tag} petition ${i}`, story: `Story ${i} ${i === 1 ? "UNIQUEWORD" : ""}`, goal, verifySignatures: false },
      });
      ids.push(res.body.id);
      await new Promise((r) => setTimeout(r, 5));
    }
    // signature counts 0, 2, 1
    for (const [i, n] of [0, 2, 1].entries()) {
      for (let k = 0; k < n; k++) {
        await call(sign, httpEvent({ method: "POST", pathParameters: { id: ids[i] }, body: signer(`${tag}-${i}-${k}`), sourceIp: `10.77.${i}.${k}` }));
      }
    }
    await bus.idle();
  });

  const list = async (query: Record<string, string | number>) => {
    const res = await admin(listPetitions, { query: { search: tag, ...query } });
    expect(res.statusCode).toBe(200);
    return res.body as { items: Petition.Info[]; total: number; page: number; pageSize: number };
  };

  it("searches title and story case-insensitively, newest first by default", async () => {
    const all = await list({});
    expect(all.total).toBe(3);
    expect(all.items.map((p) => p.id)).toEqual([...ids].reverse());
    const story = await admin(listPetitions, { query: { search: "uniqueword" } });
    expect(story.body.items.map((p: Petition.Info) => p.id)).toEqual([ids[1]]);
  });

  it("searches the goal and the signature count", async () => {
    const a = await admin(listPetitions, { query: { search: tag.toUpperCase(), sort: "goal", order: "asc" } });
    expect(a.body.items.map((p: Petition.Info) => p.goal)).toEqual([100, 200, 300]);
    // goal 300 matches "300"; only petitions of this test carry the tag, so filter by id
    const byGoal = await admin(listPetitions, { query: { search: "300", pageSize: 500 } });
    expect(byGoal.body.items.map((p: Petition.Info) => p.id)).toContain(ids[0]);
    expect(byGoal.body.items.map((p: Petition.Info) => p.id)).not.toContain(ids[1]);
  });

  it("sorts by signature count and goal in both orders", async () => {
    expect((await list({ sort: "signatureCount", order: "desc" })).items.map((p) => p.signatureCount)).toEqual([2, 1, 0]);
    expect((await list({ sort: "signatureCount", order: "asc" })).items.map((p) => p.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect((await list({ sort: "goal", order: "desc" })).items.map((p) => p.goal)).toEqual([300, 200, 100]);
    expect((await list({ sort: "createdAt", order: "asc" })).items.map((p) => p.id)).toEqual(ids);
  });

  it("pages", async () => {
    const p1 = await list({ sort: "goal", order: "asc", pageSize: 2 });
    const p2 = await list({ sort: "goal", order: "asc", pageSize: 2, page: 2 });
    expect(p1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(p1.items.map((p) => p.goal)).toEqual([100, 200]);
    expect(p2.items.map((p) => p.goal)).toEqual([300]);
    expect((await list({ page: 3, pageSize: 2 })).items).toEqual([]);
  });

  it("refuses bad sorts and page sizes", async () => {
    expect((await admin(listPetitions, { query: { sort: "title" } })).statusCode).toBe(400);
    expect((await admin(listPetitions, { query: { pageSize: 501 } })).statusCode).toBe(400);
    expect((await admin(listPetitions, { query: { page: 0 } })).statusCode).toBe(400);
  });
});

describe("editing the goal", () => {
  it("sets a whole number ≥ 0 and records it in the audit trail", async () => {
    const { body: p } = await admin(createPetition, { method: "POST", body: { title: "Goal test", story: "S", goal: 50 } });
    const res = await admin(updatePetition, { method: "PATCH", id: p.id, body: { goal: 0 } });
    expect(res).toMatchObject({ statusCode: 200, body: { id: p.id, goal: 0, signatureCount: 0 } });
    expect((await admin(updatePetition, { method: "PATCH", id: p.id, body: { goal: "2500" } })).body.goal).toBe(2500);
    expect((await Petition.fromID(p.id)).goal).toBe(2500);
    const audit = (await admin(auditList, { query: { limit: 100 } })).body.items;
    const entry = audit.find((e: { action: string; target: string }) => e.action === "petition.goal_changed" && e.target.startsWith(`${p.id} (goal 0`));
    expect(entry).toMatchObject({ actor: adminEmail, rows: 1, target: `${p.id} (goal 0 → 2500)` });
  });

  it.each([
    [{ goal: -1 }, "Goal must be at least 0"],
    [{ goal: 1.5 }, "Goal must be a whole number"],
    [{ goal: "ten" }, "Goal must be a whole number"],
    [{}, "Goal is required"],
  ])("refuses %j and changes nothing", async (body, message) => {
    const p = await Petition.create({ title: "Goal test", story: "S", goal: 50, verifySignatures: false });
    const res = await admin(updatePetition, { method: "PATCH", id: p.id, body });
    expect(res).toMatchObject({ statusCode: 400, body: { error: message, fields: { goal: message } } });
    expect((await Petition.fromID(p.id)).goal).toBe(50);
  });

  it("turns the verification of signatures off, and refuses a value that is not a boolean", async () => {
    const p = await Petition.create({ title: "Verify toggle", story: "S", goal: 50 });
    expect(await Petition.verifiesSignatures(p.id)).toBe(true);
    const off = await admin(updatePetition, { method: "PATCH", id: p.id, body: { verifySignatures: false } });
    expect(off).toMatchObject({ statusCode: 200, body: { verifySignatures: false, goal: 50 } });
    expect((await Petition.fromID(p.id)).verifySignatures).toBe(false);
    // this process's signing sees the change at once
    expect(await Petition.verifiesSignatures(p.id)).toBe(false);
    const bad = await admin(updatePetition, { method: "PATCH", id: p.id, body: { verifySignatures: "yes" } });
    expect(bad).toMatchObject({ statusCode: 400, body: { fields: { verifySignatures: "Verify signatures must be true or false" } } });
    expect((await Petition.fromID(p.id)).verifySignatures).toBe(false);
  });

  it("answers 404 for an unknown petition and creates nothing", async () => {
    const res = await admin(updatePetition, { method: "PATCH", id: "no-such-petition", body: { goal: 5 } });
    expect(res).toMatchObject({ statusCode: 404, body: { error: "Petition not found" } });
    expect((await db().send(new GetCommand({ TableName: table(), Key: Keys.petition("no-such-petition") }))).Item).toBeUndefined();
  });
});

describe("deleting a petition", () => {
  it("deletes in chunks and leaves no item with the petition's keys or index keys", async () => {
    const p = await Petition.create({ title: "Doomed", story: "S", goal: 5, verifySignatures: false });
    await SignatureListing.importBatch(p.id, importRequests(110, "doomed"));
    await call(sign, httpEvent({ method: "POST", pathParameters: { id: p.id }, body: signer("doomed-live"), sourceIp: "10.78.0.1" }));
    await bus.idle();
    expect(await Petition.count(p.id, true)).toBe(111);

    const calls: { operationId: string; deleted: number; remaining: number; done: boolean }[] = [];
    let operationId: string | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await admin(deletePetition, { method: "DELETE", id: p.id, query: { operationId } });
      expect(res.statusCode).toBe(200);
      calls.push(res.body);
      operationId = res.body.operationId;
      if (i === 0) {
        // a petition being deleted takes no new signatures
        const late = await call(sign, httpEvent({ method: "POST", pathParameters: { id: p.id }, body: signer("late"), sourceIp: "10.78.0.2" }));
        expect(late).toMatchObject({ statusCode: 404, body: { error: "Petition not found" } });
      }
      if (res.body.done) break;
    }
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.at(-1)!.done).toBe(true);
    expect(calls.reduce((a, c) => a + c.deleted, 0)).toBe(111);
    expect(calls[0]).toMatchObject({ deleted: 50, remaining: 61, done: false });

    expect((await petitionItems(p.id)).all).toEqual([]);
    for (let b = 0; b < SIGNATURE_INDEX_BUCKETS; b++) expect(await allItemsUnder(Keys.signatureIndexPartition(p.id, b))).toEqual([]);
    expect((await Petition.list()).map((x) => x.id)).not.toContain(p.id);
    expect(await collect(SignatureListing.stream(p.id))).toEqual([]);

    // a repeated last call is harmless; a fresh call for a missing petition is a 404
    expect((await admin(deletePetition, { method: "DELETE", id: p.id, query: { operationId } })).body.done).toBe(true);
    expect((await admin(deletePetition, { method: "DELETE", id: p.id })).statusCode).toBe(404);

    const audit = (await admin(auditList, { query: { limit: 100 } })).body.items;
    const entries = audit.filter((e: { id: string }) => e.id === operationId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "petition.deleted", actor: adminEmail, target: p.id, rows: 111 });
  });
});
