import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { db, table } from "@site/core/db/client";
import { Signature } from "@site/core/signature";
import { SignatureListing } from "@site/core/signature/listing";
import { indexItem } from "@site/core/signature/index-item";
import { newPetition } from "../support/fixtures";
import { importRequests } from "../support/signatures";

/**
 * The default view (newest first, no search or filter) is read from the table's index partitions on
 * every request: an index row written without counting it (so the petition's count does not change)
 * shows at once, even right after another sort was read.
 */
describe("the admin list's default view", () => {
  it("comes from the table's index partitions, even right after another sort was read", async () => {
    const p = await newPetition();
    await SignatureListing.importBatch(p.id, importRequests(30, `warm-${p.id}`));
    const cold = await SignatureListing.list({ petitionId: p.id, pageSize: 10 });
    expect(cold.total).toBe(30);
    expect(cold.items.map((r) => r.id)).toEqual([...cold.items.map((r) => r.id)].sort().reverse());

    await SignatureListing.list({ petitionId: p.id, sort: "lastName", order: "asc" });
    const [request] = importRequests(1, `stray-${p.id}`);
    const stray = Signature.build({ ...request, petitionId: p.id }, new Date(Date.now() + 60_000));
    await db().send(new PutCommand({ TableName: table(), Item: indexItem(stray) }));
    const page = await SignatureListing.list({ petitionId: p.id, pageSize: 10 });
    expect(page.items[0].id).toBe(stray.id);
    expect(page.items).toHaveLength(10);
  });

  it("without a petition, comes from every petition's signature list (gsi1)", async () => {
    const p = await newPetition();
    await SignatureListing.importBatch(p.id, importRequests(5, `warm-all-${p.id}`));
    await SignatureListing.list({ sort: "lastName", order: "asc" });
    const [request] = importRequests(1, `stray-all-${p.id}`);
    const stray = Signature.build({ ...request, petitionId: p.id }, new Date(Date.now() + 60_000));
    await db().send(new PutCommand({ TableName: table(), Item: Signature.signatureItem(stray) }));
    const page = await SignatureListing.list({ pageSize: 5 });
    expect(page.items[0]).toMatchObject({ id: stray.id, petitionId: p.id, email: stray.email });
  });
});
