import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { handler as exportSignatures } from "../../packages/functions/src/http/admin-signature-export";
import { handler as deleteAll } from "../../packages/functions/src/http/admin-signature-delete-all";
import { handler as deletePetition } from "../../packages/functions/src/http/admin-petition-delete";
import { handler as deleteSignature } from "../../packages/functions/src/http/admin-signature-delete";
import { Audit } from "@site/core/audit";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Petition } from "@site/core/petition";
import * as PetitionDeletion from "@site/core/signature/petition-deletion";
import { SignatureDeletion } from "@site/core/signature/deletion";
import { SignatureListing } from "@site/core/signature/listing";
import { sortableId } from "@site/core/util/id";
import { adminClaims, asAdmin } from "../support/admin";
import { newPetition, petitionItems } from "../support/fixtures";
import { importRequests } from "../support/signatures";
import { smallDeleteChunks } from "../support/delete-chunk";

let ana: ReturnType<typeof asAdmin>;
let bo: ReturnType<typeof asAdmin>;
let anaEmail: string;

beforeAll(async () => {
  smallDeleteChunks();
  const [a, b] = await Promise.all([adminClaims(), adminClaims()]);
  ana = asAdmin(a.claims);
  anaEmail = a.email;
  bo = asAdmin(b.claims);
});

afterEach(() => vi.restoreAllMocks());

const stored = async (id: string) => (await db().send(new GetCommand({ TableName: table(), Key: Keys.audit(id), ConsistentRead: true }))).Item;
const entry = async (id: string) => (await Audit.list(100)).find((e) => e.id === id);

async function petitionWith(n: number) {
  const p = await newPetition();
  await SignatureListing.importBatch(p.id, importRequests(n, `audit-${p.id}`));
  return p;
}

/** The table's view of a petition, to prove a refused call changed nothing. */
async function snapshot(petitionId: string) {
  const items = await petitionItems(petitionId);
  const meta = items.all.find((i) => i.sk === "META");
  return { signatures: items.signatures.length, count: await Petition.count(petitionId, true), deleting: meta?.deleting ?? null };
}

const deleteAllOf = (petitionId: string, operationId?: string) => ({
  method: "POST",
  body: { confirm: "CONFIRM", petitionId, ...(operationId ? { operationId } : {}) },
});

describe("operation ids are issued by the server", () => {
  it("records the operation with its actor before the first chunk, and completes it with the last", async () => {
    const p = await petitionWith(60);
    const first = await ana(deleteAll, deleteAllOf(p.id));
    expect(first).toMatchObject({ statusCode: 200, body: { deleted: 50, done: false } });
    const id = first.body.operationId;
    expect(await entry(id)).toMatchObject({ action: "signatures.deleted_all", actor: anaEmail, target: p.id, rows: 50, status: "running" });
    expect((await entry(id))!.completedAt).toBeUndefined();

    const second = await ana(deleteAll, deleteAllOf(p.id, id));
    expect(second.body).toMatchObject({ operationId: id, deleted: 10, done: true });
    const done = await entry(id);
    expect(done).toMatchObject({ rows: 60, status: "completed" });
    expect(Date.parse(done!.completedAt!)).toBeGreaterThanOrEqual(Date.parse(done!.at));
  });

  it("an export is running until its last page", async () => {
    const p = await petitionWith(3);
    const page1 = await ana(exportSignatures, { query: { petitionId: p.id, pageSize: 2, page: 1 } });
    const id = page1.body.operationId;
    expect(await entry(id)).toMatchObject({ action: "signatures.exported", status: "running", rows: 2 });
    const page2 = await ana(exportSignatures, { query: { petitionId: p.id, pageSize: 2, page: 2, operationId: id } });
    expect(page2.body).toMatchObject({ operationId: id, items: [expect.anything()] });
    expect(await entry(id)).toMatchObject({ status: "completed", rows: 3 });
  });
});

describe("the entry is written before the destructive step", () => {
  it("delete-all: a step that dies leaves a running entry and the signatures", async () => {
    const p = await petitionWith(5);
    let seen: Audit.Entry | undefined;
    vi.spyOn(SignatureDeletion, "deleteAll").mockImplementation(async () => {
      seen = (await Audit.list(100)).find((e) => e.action === "signatures.deleted_all" && e.target === p.id);
      throw new Error("the process died");
    });
    const res = await ana(deleteAll, deleteAllOf(p.id));
    expect(res.statusCode).toBe(500);
    expect(seen).toMatchObject({ actor: anaEmail, status: "running", rows: 0 });
    expect(await entry(seen!.id)).toMatchObject({ status: "running", rows: 0 });
    expect((await snapshot(p.id)).signatures).toBe(5);
  });

  it("petition delete: a step that dies leaves a running entry", async () => {
    const p = await petitionWith(2);
    let seen: Audit.Entry | undefined;
    vi.spyOn(PetitionDeletion, "remove").mockImplementation(async () => {
      seen = (await Audit.list(100)).find((e) => e.action === "petition.deleted" && e.target === p.id);
      throw new Error("the process died");
    });
    expect((await ana(deletePetition, { method: "DELETE", id: p.id })).statusCode).toBe(500);
    expect(seen).toMatchObject({ actor: anaEmail, status: "running", rows: 0 });
    expect(await entry(seen!.id)).toMatchObject({ status: "running" });
  });

  it("a first call for an unknown petition is a 404 and leaves no entry", async () => {
    const missing = `missing-${crypto.randomUUID().slice(0, 8)}`;
    expect((await ana(deletePetition, { method: "DELETE", id: missing })).statusCode).toBe(404);
    expect((await ana(deleteAll, deleteAllOf(missing))).statusCode).toBe(404);
    expect((await Audit.list(100)).filter((e) => e.target === missing)).toEqual([]);
  });
});

describe("continuing an operation one did not start is refused, and changes nothing", () => {
  it("delete-all: made-up, another admin's, another action's, another target's, a single action's id", async () => {
    const p = await petitionWith(60);
    const other = await petitionWith(1);
    const started = await ana(deleteAll, deleteAllOf(p.id));
    const id = started.body.operationId;
    const exportId = (await ana(exportSignatures, { query: { petitionId: p.id, pageSize: 1 } })).body.operationId;
    const signatureId = (await petitionItems(other.id)).signatures[0]!.id as string;
    await ana(deleteSignature, { method: "DELETE", id: other.id, signatureId });
    const single = (await Audit.list(100)).find((e) => e.action === "signature.deleted" && e.target === `${other.id}/${signatureId}`)!;
    const target = await petitionWith(3);
    const before = { p: await snapshot(p.id), target: await snapshot(target.id), entry: await stored(id) };

    const refusals: [ReturnType<typeof asAdmin>, { method: string; body: unknown }, number, string][] = [
      [ana, deleteAllOf(p.id, sortableId()), 404, "Unknown operation"],
      [ana, deleteAllOf(p.id, single.id), 404, "Unknown operation"],
      [ana, deleteAllOf(p.id, "not-an-id"), 400, "Unknown operation"],
      [bo, deleteAllOf(p.id, id), 403, "This operation was started by another administrator"],
      [ana, deleteAllOf(p.id, exportId), 400, "This operation was started for another action"],
      [ana, deleteAllOf(target.id, id), 400, "This operation was started for another target"],
      [ana, { method: "POST", body: { confirm: "CONFIRM", operationId: id } }, 400, "This operation was started for another target"],
    ];
    for (const [as, request, status, error] of refusals) {
      expect(await as(deleteAll, request), JSON.stringify(request.body)).toMatchObject({ statusCode: status, body: { error } });
    }
    expect(await snapshot(p.id)).toEqual(before.p);
    expect(await snapshot(target.id)).toEqual(before.target);
    expect(await stored(id)).toEqual(before.entry);
  });

  it("petition delete: made-up, another admin's, another action's and another petition's id", async () => {
    const p = await petitionWith(2);
    const other = await petitionWith(60);
    const otherOp = (await ana(deletePetition, { method: "DELETE", id: other.id })).body.operationId;
    const deleteAllOp = (await ana(deleteAll, deleteAllOf(p.id))).body.operationId;
    const before = await snapshot(p.id);
    const refusals: [ReturnType<typeof asAdmin>, string, number, string][] = [
      [ana, sortableId(), 404, "Unknown operation"],
      [bo, otherOp, 403, "This operation was started by another administrator"],
      [ana, deleteAllOp, 400, "This operation was started for another action"],
      [ana, otherOp, 400, "This operation was started for another target"],
    ];
    for (const [as, operationId, status, error] of refusals) {
      expect(await as(deletePetition, { method: "DELETE", id: p.id, query: { operationId } }), operationId).toMatchObject({
        statusCode: status,
        body: { error },
      });
    }
    expect(await snapshot(p.id)).toEqual(before);
    expect(before.deleting).toBeNull();
    // another administrator finishes a half-deleted petition by starting an operation of their own
    const own = await bo(deletePetition, { method: "DELETE", id: other.id });
    expect(own.body.operationId).not.toBe(otherOp);
    expect(own.body.done).toBe(true);
  });

  it("export: another admin's id, or the same id for another search", async () => {
    const p = await petitionWith(3);
    const id = (await ana(exportSignatures, { query: { petitionId: p.id, pageSize: 1 } })).body.operationId;
    const rows = (await entry(id))!.rows;
    expect(await bo(exportSignatures, { query: { petitionId: p.id, pageSize: 1, page: 2, operationId: id } })).toMatchObject({ statusCode: 403 });
    expect(await ana(exportSignatures, { query: { petitionId: p.id, search: "ana", pageSize: 1, page: 2, operationId: id } })).toMatchObject({
      statusCode: 400,
      body: { error: "This operation was started for another target" },
    });
    expect(await ana(exportSignatures, { query: { pageSize: 1, page: 2, operationId: sortableId() } })).toMatchObject({ statusCode: 404 });
    expect((await entry(id))!.rows).toBe(rows);
  });
});

describe("delete-all's cut-off", () => {
  it("is the operation's stored start: signatures made from then on survive", async () => {
    const p = await petitionWith(2);
    const startedAt = new Date(Date.now() + 5).toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await SignatureListing.importBatch(p.id, importRequests(1, `late-${p.id}`));
    const progress = await SignatureDeletion.deleteAll({ petitionId: p.id }, startedAt);
    expect(progress).toEqual({ deleted: 2, remaining: 0, done: true });
    expect(await Petition.count(p.id, true)).toBe(1);
  });
});
