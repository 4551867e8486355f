import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as listSignatures } from "../../packages/functions/src/http/admin-signature-list";
import { handler as exportSignatures } from "../../packages/functions/src/http/admin-signature-export";
import { handler as getSignature } from "../../packages/functions/src/http/admin-signature-get";
import { handler as deleteSignature } from "../../packages/functions/src/http/admin-signature-delete";
import { handler as deleteAll } from "../../packages/functions/src/http/admin-signature-delete-all";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { handler as testEmail } from "../../packages/functions/src/http/admin-test-email";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { SIGNATURE_INDEX_BUCKETS, Keys } from "@site/core/db/keys";
import { listOutbox } from "@site/core/mail/outbox";
import { Petition } from "@site/core/petition";
import { SignatureListing } from "@site/core/signature/listing";
import { indexKey } from "@site/core/signature/index-item";
import type { SignatureRow } from "@site/core/signature/record";
import { adminClaims, asAdmin } from "../support/admin";
import { call, httpEvent } from "../support/http";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { importRequests } from "../support/signatures";
import { installLocalBus } from "../../scripts/local/bus";
import { collect } from "../support/rows";
import { smallDeleteChunks } from "../support/delete-chunk";

const bus = installLocalBus();
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;
let ip = 0;

beforeAll(async () => {
  smallDeleteChunks();
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
});

const signUp = async (petitionId: string, body = signer(`s${ip}`)) => {
  const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: petitionId }, body, sourceIp: `10.90.${ip >> 8}.${ip++ & 255}` }));
  expect(res.statusCode).toBe(201);
  return res.body.signatureId as string;
};

async function indexCount(petitionId: string) {
  return (await collect(SignatureListing.stream(petitionId))).length;
}
const audit = async () =>
  (await admin(auditList, { query: { limit: 100 } })).body.items as { id: string; action: string; actor: string; target: string; rows: number }[];

describe("one signature", () => {
  it("writes its index item in the signing transaction, shows it in full, deletes it with its guard and index item", async () => {
    const p = await newPetition();
    const person = signer("one", { timeshareName: "Ocean Villas" });
    const id = await signUp(p.id, person);
    await signUp(p.id);
    await bus.idle();
    const idx = await db().send(new GetCommand({ TableName: table(), Key: indexKey(p.id, id), ConsistentRead: true }));
    expect(idx.Item).toMatchObject({ type: "sigIndex", sk: id });

    const got = await admin(getSignature, { id: p.id, signatureId: id });
    expect(got).toMatchObject({
      statusCode: 200,
      body: { id, petitionId: p.id, email: person.email, timeshareName: "Ocean Villas", meta: { screenResolution: "1920x1080" } },
    });
    expect(got.body.pk).toBeUndefined();
    expect((await admin(getSignature, { id: p.id, signatureId: "nope" })).statusCode).toBe(404);

    const res = await admin(deleteSignature, { method: "DELETE", id: p.id, signatureId: id });
    expect(res).toMatchObject({ statusCode: 200, body: { signatureCount: 1 } });
    const items = await petitionItems(p.id);
    expect(items.signatures.map((s) => s.id)).not.toContain(id);
    expect(items.guards).toHaveLength(1);
    expect(items.guards.map((g) => g.signatureId)).not.toContain(id);
    expect((await db().send(new GetCommand({ TableName: table(), Key: indexKey(p.id, id), ConsistentRead: true }))).Item).toBeUndefined();
    expect(await Petition.count(p.id, true)).toBe(1);
    expect(await indexCount(p.id)).toBe(1);
    // the same e-mail may sign again
    await signUp(p.id, { ...person, email: person.email.toUpperCase() });

    expect(await admin(deleteSignature, { method: "DELETE", id: p.id, signatureId: id })).toMatchObject({
      statusCode: 404,
      body: { error: "Signature not found" },
    });
    expect(await Petition.count(p.id, true)).toBe(2);
    const entry = (await audit()).find((e) => e.action === "signature.deleted" && e.target === `${p.id}/${id}`);
    expect(entry).toMatchObject({ actor: adminEmail, rows: 1 });
  });
});

describe("delete all", () => {
  it("refuses any word but CONFIRM and changes nothing", async () => {
    const p = await newPetition();
    await signUp(p.id);
    for (const confirm of ["confirm", "CONFIRM ", "", undefined, "yes"]) {
      const res = await admin(deleteAll, { method: "POST", body: { confirm, petitionId: p.id } });
      expect(res).toMatchObject({ statusCode: 400, body: { error: "Please type CONFIRM exactly to proceed" } });
    }
    expect((await petitionItems(p.id)).signatures).toHaveLength(1);
    expect(await Petition.count(p.id, true)).toBe(1);
  });

  it("deletes in chunks, keeps exact counts, and spares a signer who signs meanwhile", async () => {
    const p = await newPetition();
    const other = await newPetition();
    await SignatureListing.importBatch(p.id, importRequests(120, `da-${p.id}`));
    await signUp(other.id);
    expect(await Petition.count(p.id, true)).toBe(120);

    const first = await admin(deleteAll, { method: "POST", body: { confirm: "CONFIRM", petitionId: p.id } });
    expect(first).toMatchObject({ statusCode: 200, body: { deleted: 50, remaining: 70, done: false } });
    expect(await Petition.count(p.id, true)).toBe(70);
    // someone signs while the operation runs, concurrently with the next chunk
    const operationId = first.body.operationId;
    const [late, second] = await Promise.all([
      signUp(p.id, signer("late")),
      admin(deleteAll, { method: "POST", body: { confirm: "CONFIRM", petitionId: p.id, operationId } }),
    ]);
    expect(second.body).toMatchObject({ operationId, deleted: 50, remaining: 20, done: false });
    const third = await admin(deleteAll, { method: "POST", body: { confirm: "CONFIRM", petitionId: p.id, operationId } });
    expect(third.body).toMatchObject({ operationId, deleted: 20, remaining: 0, done: true });
    await bus.idle();

    const items = await petitionItems(p.id);
    expect(items.signatures.map((s) => s.id)).toEqual([late]);
    expect(items.guards.map((g) => g.signatureId)).toEqual([late]);
    expect(await Petition.count(p.id, true)).toBe(1);
    expect((await collect(SignatureListing.stream(p.id))).map((r) => r.id)).toEqual([late]);
    // the other petition is untouched
    expect(await Petition.count(other.id, true)).toBe(1);

    const entries = (await audit()).filter((e) => e.id === operationId);
    expect(entries).toEqual([expect.objectContaining({ action: "signatures.deleted_all", actor: adminEmail, target: p.id, rows: 120 })]);

    // a fresh operation deletes the late signature too, leaving nothing at all
    const last = await admin(deleteAll, { method: "POST", body: { confirm: "CONFIRM", petitionId: p.id } });
    expect(last.body).toMatchObject({ deleted: 1, remaining: 0, done: true });
    const after = await petitionItems(p.id);
    expect(after.signatures).toEqual([]);
    expect(after.guards).toEqual([]);
    expect(await Petition.count(p.id, true)).toBe(0);
    for (let b = 0; b < SIGNATURE_INDEX_BUCKETS; b++) {
      const res = await db().send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": Keys.signatureIndexPartition(p.id, b) },
          ConsistentRead: true,
        }),
      );
      expect(res.Items).toEqual([]);
    }
  });
});

describe("listing 1,200 signatures", () => {
  let p: Petition.Info;
  beforeAll(async () => {
    p = await newPetition();
    await SignatureListing.importBatch(p.id, importRequests(1200, `list-${p.id}`));
    await signUp(p.id, signer("newest", { firstName: "Zelda", lastName: "Newest" }));
  });

  const list = async (query: Record<string, string | number>) => {
    const res = await admin(listSignatures, { query: { petitionId: p.id, ...query } });
    expect(res.statusCode).toBe(200);
    return res.body as { items: SignatureRow[]; total: number; page: number; pageSize: number };
  };

  it("serves the default view newest first with the total", async () => {
    const first = await list({});
    expect(first).toMatchObject({ total: 1201, page: 1, pageSize: 50 });
    expect(first.items[0].firstName).toBe("Zelda");
    expect(first.items[0]).toMatchObject({ browser: expect.any(String), city: "Unknown", petitionId: p.id });
    // the same order as page 1 continued from the index
    const p2 = await list({ page: 2 });
    const all = await list({ pageSize: 500 });
    const ids = all.items.map((r) => r.id);
    expect([...first.items, ...p2.items].map((r) => r.id)).toEqual(ids.slice(0, 100));
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it("pages through every row exactly once in any sort", async () => {
    for (const [sort, order] of [
      ["lastName", "asc"],
      ["firstName", "desc"],
      ["email", "asc"],
      ["createdAt", "asc"],
      ["timeshareName", "desc"],
    ]) {
      const seen: SignatureRow[] = [];
      for (let page = 1; ; page++) {
        const res = await list({ sort, order, page, pageSize: 500 });
        expect(res.total).toBe(1201);
        seen.push(...res.items);
        if (res.items.length < 500) break;
      }
      expect(new Set(seen.map((r) => r.id)).size).toBe(1201);
      // the table's order: case and accents ignored, ties by id (signature/index-item.ts ORDERS)
      const compare = SignatureListing.comparator(sort as SignatureListing.Sort);
      for (let i = 1; i < seen.length; i++) {
        const c = compare(seen[i - 1], seen[i]);
        expect(order === "asc" ? c < 0 : c > 0, `${sort} ${order} at ${i}`).toBe(true);
      }
    }
  });

  it("searches the start of first and last names, e-mails and timeshare names, case and accents ignored", async () => {
    expect((await list({ search: "ÁLVAREZ" })).total).toBe(200);
    expect((await list({ search: "alv" })).total).toBe(200);
    expect((await list({ search: "zelda" })).items.map((r) => r.lastName)).toEqual(["Newest"]);
    expect((await list({ search: "zelda newest" })).items.map((r) => r.lastName)).toEqual(["Newest"]);
    expect((await list({ search: "newest zelda" })).items.map((r) => r.lastName)).toEqual(["Newest"]);
    expect((await list({ search: "zelda smith" })).total).toBe(0);
    expect((await list({ search: `list-${p.id}-7@` })).total).toBe(1);
    const resorts = await list({ search: "resort 3", pageSize: 500 });
    expect(resorts.total).toBe(Array.from({ length: 1200 }, (_, i) => i).filter((i) => i % 3 !== 0 && i % 7 === 3).length);
    expect(resorts.items.every((r) => r.timeshareName === "Resort 3")).toBe(true);
    // inside a word is not the start of one
    expect((await list({ search: "varez" })).total).toBe(0);
    const ana = await list({ search: "ana1", sort: "firstName", order: "asc", pageSize: 5, page: 2 });
    expect(ana.items.every((r) => r.firstName.toLowerCase().startsWith("ana1"))).toBe(true);
    expect(ana.page).toBe(2);
  });

  it("sees new signatures and deletions made since it cached the rows", async () => {
    expect((await list({ search: "fresh" })).total).toBe(0);
    const id = await signUp(p.id, signer("fresh", { firstName: "Fresh" }));
    expect((await list({ search: "fresh" })).items.map((r) => r.id)).toEqual([id]);
    await admin(deleteSignature, { method: "DELETE", id: p.id, signatureId: id });
    expect((await list({ search: "fresh" })).total).toBe(0);
    expect((await list({ sort: "lastName" })).total).toBe(1201);
  });

  it("lists every petition when no petition is given", async () => {
    const res = await admin(listSignatures, { query: { search: "zelda", sort: "email", pageSize: 10 } });
    expect(res.body.items.map((r: SignatureRow) => r.petitionId)).toContain(p.id);
    const all = await admin(listSignatures, { query: {} });
    expect(all.body.total).toBeGreaterThanOrEqual(1201);
    expect(all.body.items).toHaveLength(50);
  });

  it("exports pages covering all matching rows, recorded once in the audit trail", async () => {
    const rows: SignatureRow[] = [];
    let operationId: string | undefined;
    for (let page = 1; ; page++) {
      const res = await admin(exportSignatures, { query: { petitionId: p.id, search: "smith", sort: "lastName", pageSize: 100, page, operationId } });
      expect(res.statusCode).toBe(200);
      if (operationId) expect(res.body.operationId).toBe(operationId);
      operationId = res.body.operationId;
      rows.push(...res.body.items);
      if (page * res.body.pageSize >= res.body.total) break;
    }
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.id)).size).toBe(200);
    expect(rows.every((r) => r.lastName === "Smith")).toBe(true);
    const entries = (await audit()).filter((e) => e.id === operationId);
    expect(entries).toEqual([expect.objectContaining({ action: "signatures.exported", actor: adminEmail, rows: 200 })]);
    expect((await admin(exportSignatures, { query: { pageSize: 1001 } })).statusCode).toBe(400);
  });

  it("stream answers every row newest first, a page at a time", async () => {
    const rows = await collect(SignatureListing.stream(p.id));
    expect(rows).toHaveLength(1201);
    expect(rows[0].firstName).toBe("Zelda");
  });
});

describe("test e-mail and audit trail", () => {
  it("sends a test message to the signed-in administrator", async () => {
    const res = await admin(testEmail, { method: "POST" });
    expect(res).toMatchObject({ statusCode: 200, body: { email: adminEmail } });
    const mail = (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(adminEmail));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Test Email Notification");
  });

  it("lists entries newest first, at most `limit`", async () => {
    const items = (await admin(auditList, { query: { limit: 2 } })).body.items;
    expect(items).toHaveLength(2);
    expect(items[0].id > items[1].id).toBe(true);
    // no internal attributes (keys, the actor's sub); completedAt only on finished operations
    const keys = Object.keys(items[0])
      .filter((k) => k !== "completedAt")
      .sort();
    expect(keys).toEqual(["action", "actor", "at", "id", "rows", "status", "target"]);
    expect((await admin(auditList, { query: { limit: 101 } })).statusCode).toBe(400);
  });
});
