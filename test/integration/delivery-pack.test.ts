import { GetObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Audit } from "@site/core/audit";
import { s3 } from "@site/core/evidence/s3";
import { Petition } from "@site/core/petition";
import { SignatureListing } from "@site/core/signature/listing";
import { handler as startPack } from "../../packages/functions/src/http/admin-delivery-pack-start";
import { handler as download } from "../../packages/functions/src/http/admin-export-download";
import { handler as jobGet } from "../../packages/functions/src/http/admin-job-get";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { useOwnBucket } from "../support/own-bucket";
import { pdfTextRuns } from "../support/pdf-text";
import { importRequests } from "../support/signatures";

/**
 * The delivery pack: 202 at once, the delivery-pack-job subscriber streams the petition's index rows
 * into counts, draws the PDF into the private bucket, and the exports' short-lived link downloads
 * it. The PDF parses and holds the title, the verified count and the states' counts. Audited.
 */
const bus = installLocalBus({ retryDelaysMs: [50] });
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;
let petitionId: string;
const TITLE = "Fair Exit Rights Now";

/** Where the seeded signers signed from: 40 in Florida (two cities), 25 in Texas, 10 in California by code, 5 abroad. */
const PLACES = [
  ...Array.from({ length: 30 }, () => ({ city: "Orlando", region: "Florida", country: "United States" })),
  ...Array.from({ length: 10 }, () => ({ city: "Miami", region: "FL", country: "US" })),
  ...Array.from({ length: 25 }, () => ({ city: "Austin", region: "Texas", country: "United States" })),
  ...Array.from({ length: 10 }, () => ({ city: "Fresno", region: "CA", country: "US" })),
  ...Array.from({ length: 5 }, () => ({ city: "Toronto", region: "Ontario", country: "Canada" })),
];

beforeAll(async () => {
  await useOwnBucket("delivery-pack");
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
  const p = await Petition.create({ id: `pack-${crypto.randomUUID().slice(0, 8)}`, title: TITLE, story: "Owners deserve a way out.\n\nSign now.", goal: 1000 });
  petitionId = p.id;
  const requests = importRequests(PLACES.length, `pack-${p.id}`).map((r, i) => ({ ...r, meta: { ...r.meta, ...PLACES[i] } }));
  await SignatureListing.importBatch(p.id, requests);
});

afterAll(() => bus.idle());

async function made(body: unknown) {
  const res = await admin(startPack, { method: "POST", path: `/api/admin/petitions/${petitionId}/delivery-pack`, id: petitionId, body });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
  await bus.idle();
  expect(bus.failures).toEqual([]);
  return (await admin(jobGet, { id: res.body.jobId })).body;
}

async function pdfOf(jobId: string): Promise<Uint8Array> {
  const link = await admin(download, { id: jobId });
  expect(link.statusCode, JSON.stringify(link.body)).toBe(200);
  const res = await fetch(link.body.url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toContain(`filename="${link.body.fileName}"`);
  return new Uint8Array(await res.arrayBuffer());
}

describe("a delivery pack job", () => {
  it("writes a PDF holding the title, the count (none called verified: the petition does not verify), the counts by state and the chosen state's cities; audited", async () => {
    const job = await made({ state: "fl" });
    expect(job).toMatchObject({
      kind: "export.delivery-pack",
      status: "done",
      actor: adminEmail,
      result: { rows: 80, verified: 0, pending: 0 },
    });
    expect(job.result.fileName).toMatch(new RegExp(`^delivery-pack-${petitionId}-fl-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));

    const bytes = await pdfOf(job.id);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const { runs } = await pdfTextRuns(bytes);
    const text = runs.join("\n");
    expect(text).toContain(TITLE);
    expect(runs).toContain("80 signatures (e-mail not verified)");
    expect(text).toContain("Owners deserve a way out.");
    // the states' table: a run for the state, then its count
    const after = (label: string) => runs[runs.indexOf(label) + 1];
    expect(after("Florida (FL)")).toBe("40");
    expect(after("Texas (TX)")).toBe("25");
    expect(after("California (CA)")).toBe("10");
    // the chosen state's cities
    expect(text).toContain("Signatures in Florida by city");
    expect(after("Orlando")).toBe("30");
    expect(after("Miami")).toBe("10");
    // no signer's name, ever (M3)
    expect(text).not.toMatch(/Signers from|Smith|Álvarez|zimmer/);

    const entry = (await Audit.list(100)).find((e) => e.action === "signatures.delivery_pack" && e.target.startsWith(petitionId));
    expect(entry).toMatchObject({ actor: adminEmail, rows: 80, target: `${petitionId} (cities of FL)` });
  });

  it("refuses an unknown state, a body that is not its object and an unknown petition before anything is queued", async () => {
    const state = await admin(startPack, { method: "POST", path: "/x", id: petitionId, body: { state: "ZZ" } });
    expect([state.statusCode, state.body.error]).toEqual([400, "Unknown state: use a US state's two-letter code, e.g. CA"]);
    // a pack names nobody: asking for names is an unknown field
    const names = await admin(startPack, { method: "POST", path: "/x", id: petitionId, body: { includeNames: true } });
    expect([names.statusCode, names.body.error]).toEqual([400, "Unknown field: send only state"]);
    const none = await admin(startPack, { method: "POST", path: "/x", id: petitionId });
    expect([none.statusCode, none.body.error]).toEqual([400, "Send {state?}"]);
    const extra = await admin(startPack, { method: "POST", path: "/x", id: petitionId, body: { state: "CA", petitionId: "other" } });
    expect([extra.statusCode, extra.body.error]).toEqual([400, "Unknown field: send only state"]);
    const missing = await admin(startPack, { method: "POST", path: "/x", id: "no-such-petition", body: {} });
    expect([missing.statusCode, missing.body.error]).toEqual([404, "Petition not found"]);
  });

  it("keeps the file in the private bucket under exports/<jobId>/, as a PDF", async () => {
    const job = await made({});
    const object = await s3().send(new GetObjectCommand({ Bucket: process.env.BUCKET_NAME!, Key: `exports/${job.id}/${job.result.fileName}` }));
    expect(object.ContentType).toBe("application/pdf");
    expect(Number(object.ContentLength)).toBe(job.result.bytes);
  });
});
