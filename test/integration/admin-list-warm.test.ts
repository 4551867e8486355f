import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { db, table } from "@site/core/db/client";
import { Signature } from "@site/core/signature";
import { SignatureListing } from "@site/core/signature/listing";
import { indexItem } from "@site/core/signature/index-item";
import { newPetition } from "../support/fixtures";
import { importRequests } from "../support/signatures";

/**
 * Which source the default view (page 1, newest first, no search) reads: the table's index
 * partitions while this process has no index rows for the petition, the in-process index once it
 * has. An index row written after the index was loaded, without counting it (so the petition's
 * version does not change), tells the two apart.
 */
describe("the admin list's first page", () => {
  it("comes from the table while the index is cold and from the warm in-process index after", async () => {
    const p = await newPetition();
    await SignatureListing.importBatch(p.id, importRequests(30, `warm-${p.id}`));
    SignatureListing.resetCache();
    await SignatureListing.query({ petitionId: p.id, search: "", sort: "lastName", order: "asc" });
    const [request] = importRequests(1, `stray-${p.id}`);
    const stray = Signature.build({ ...request, petitionId: p.id }, new Date(Date.now() + 60_000));
    await db().send(new PutCommand({ TableName: table(), Item: indexItem(stray) }));

    const warm = await SignatureListing.list({ petitionId: p.id, pageSize: 10 });
    expect(warm.items.map((r) => r.id)).not.toContain(stray.id);
    expect(warm.total).toBe(30);
    expect(warm.items).toHaveLength(10);
    expect(warm.items.map((r) => r.id)).toEqual([...warm.items.map((r) => r.id)].sort().reverse());

    SignatureListing.resetCache();
    const cold = await SignatureListing.list({ petitionId: p.id, pageSize: 10 });
    expect(cold.items[0].id).toBe(stray.id);
  });

  it("without a petition, is served from the index once every known petition is loaded", async () => {
    const p = await newPetition();
    await SignatureListing.importBatch(p.id, importRequests(5, `warm-all-${p.id}`));
    SignatureListing.resetCache();
    const cold = await SignatureListing.list({ pageSize: 5 });
    expect(cold.items.length).toBeGreaterThan(0);
    await SignatureListing.query({ search: "", sort: "lastName", order: "asc" });
    const [request] = importRequests(1, `stray-all-${p.id}`);
    const stray = Signature.build({ ...request, petitionId: p.id }, new Date(Date.now() + 60_000));
    await db().send(new PutCommand({ TableName: table(), Item: Signature.signatureItem(stray) }));
    const warm = await SignatureListing.list({ pageSize: 5 });
    expect(warm.items.map((r) => r.id)).not.toContain(stray.id);
  });
});
