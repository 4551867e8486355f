import { randomUUID } from "node:crypto";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { auditedPerson } from "@site/core/db/person-index";
import { s3 } from "@site/core/evidence/s3";
import { Job } from "@site/core/jobs";
import { PART_BYTES, S3File } from "@site/core/exports/s3-file";
import { Report } from "@site/core/report";
import { ReportAdmin } from "@site/core/report/admin";
import { SIGNATURE_COLUMNS, signatureCells } from "@site/core/signature/record";
import { SignatureListing } from "@site/core/signature/listing";
import { toCsv } from "@site/core/util/csv";
import { metaDetails } from "@site/core/request/meta-details";
import { fromHeaders } from "@site/core/request/metadata";
import { handler as startExport } from "../../packages/functions/src/http/admin-export-start";
import { handler as download } from "../../packages/functions/src/http/admin-export-download";
import { handler as jobGet } from "../../packages/functions/src/http/admin-job-get";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { useOwnBucket } from "../support/own-bucket";
import { newPetition } from "../support/fixtures";
import { minimalReport } from "../support/reports";
import { importRequests } from "../support/signatures";
import { collect } from "../support/rows";

/**
 * Exports as jobs: 202 at once, the export-job subscriber streams the rows into a file in the
 * private bucket (multipart past a part's size), the job ends with its rows, and a short-lived link
 * downloads exactly the bytes the console used to build in the browser. Audited.
 */
let BUCKET = "";
const bus = installLocalBus({ retryDelaysMs: [50] });
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;

beforeAll(async () => {
  BUCKET = await useOwnBucket("exports");
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
});

afterAll(() => bus.idle());

const meta = () => metaDetails(fromHeaders({ "user-agent": "export test" }, "198.51.100.40"));

/** Starts an export, lets the bus run it, and answers the finished job. */
async function exported(body: unknown) {
  const res = await admin(startExport, { method: "POST", path: "/api/admin/exports", body });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
  await bus.idle();
  expect(bus.failures).toEqual([]);
  return (await admin(jobGet, { id: res.body.jobId })).body;
}

async function fileOf(jobId: string): Promise<string> {
  const link = await admin(download, { id: jobId });
  expect(link.statusCode).toBe(200);
  expect(link.body.expiresInSeconds).toBe(300);
  const res = await fetch(link.body.url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toContain(`filename="${link.body.fileName}"`);
  return res.text();
}

describe("an export job", () => {
  it("writes a petition's signatures, newest first, as the console's CSV, without loading the rows into memory; audited", async () => {
    const p = await newPetition();
    await SignatureListing.importBatch(p.id, importRequests(1200, `export-${p.id}`));
    const job = await exported({ kind: "signatures", query: { petitionId: p.id }, fileName: "petition-signatures-2026-11-26.csv" });
    expect(job).toMatchObject({
      kind: "export.signatures",
      status: "done",
      actor: adminEmail,
      result: { rows: 1200, fileName: "petition-signatures-2026-11-26.csv" },
    });

    const rows = await collect(SignatureListing.stream(p.id));
    const text = await fileOf(job.id);
    expect(text).toBe(toCsv([...SIGNATURE_COLUMNS], rows.map(signatureCells)));
    expect(job.result.bytes).toBe(Buffer.byteLength(text));
    const entries = (await admin(auditList, { query: { limit: 100 } })).body.items as { action: string; actor: string; target: string; rows: number }[];
    expect(entries.find((e) => e.action === "signatures.exported" && e.target === p.id)).toMatchObject({ actor: adminEmail, rows: 1200 });
  });

  it("writes the full reports a search selects as the console's JSON", async () => {
    const tag = `exportjson${randomUUID().slice(0, 6).replace(/[0-9]/g, "x")}`;
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push((await Report.create({ submission: Report.ReportInput.parse(minimalReport(tag)), client: `198.51.100.${i + 40}`, meta: meta() })).report);
    const job = await exported({
      kind: "reports-json",
      query: { search: `reporter-${tag}`, sort: "createdAt", order: "asc" },
      fileName: "scam-reports-2026-11-26.json",
    });
    expect(job.result.rows).toBe(3);
    const full = await ReportAdmin.fetchMany(made.map((r) => r.id));
    expect(await fileOf(job.id)).toBe(`${JSON.stringify(full.map(ReportAdmin.exported), null, 2)}\n`);
  });

  it("refuses an unknown kind, a file name of another type and a query its list refuses, and starts nothing", async () => {
    const before = (await admin(auditList, { query: { limit: 100 } })).body.items.length;
    for (const [body, error] of [
      [{ kind: "everything", fileName: "a.csv" }, /Kind must be one of/],
      [{ kind: "signatures", fileName: "a.json" }, /File name must end with \.csv/],
      [{ kind: "signatures", fileName: "../a.csv" }, /File name may hold/],
      [{ kind: "signatures", fileName: "a.csv", query: { sort: "shoeSize" } }, /Sort by/],
    ] as const) {
      const res = await admin(startExport, { method: "POST", path: "/api/admin/exports", body });
      expect(res.statusCode).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect((await admin(auditList, { query: { limit: 100 } })).body.items.length).toBe(before);
  });

  it("belongs to the administrator who started it: another one finds neither the job nor its file; each download is audited", async () => {
    const p = await newPetition();
    await SignatureListing.importBatch(p.id, importRequests(3, `export-own-${p.id}`));
    const job = await exported({ kind: "signatures", query: { petitionId: p.id }, fileName: "own-signatures.csv" });
    expect(job.status).toBe("done");
    const other = asAdmin((await adminClaims()).claims);
    expect((await other(jobGet, { id: job.id })).statusCode).toBe(404);
    expect((await other(download, { id: job.id })).statusCode).toBe(404);
    // its owner still can, and the audit trail says who took the file
    expect((await admin(jobGet, { id: job.id })).statusCode).toBe(200);
    await fileOf(job.id);
    const entries = (await admin(auditList, { query: { limit: 100 } })).body.items as { action: string; actor: string; target: string }[];
    const downloads = entries.filter((e) => e.action === "export.downloaded" && e.target.includes(job.id));
    expect(downloads).toEqual([expect.objectContaining({ actor: adminEmail, target: expect.stringContaining("own-signatures.csv") })]);
  });

  it("audits an export of a search by e-mail under the person's keyed hash, never the address; the job item goes after two days", async () => {
    const p = await newPetition();
    const address = `Searched.Person-${p.id}@Example.org`;
    const job = await exported({ kind: "signatures", query: { petitionId: p.id, search: address }, fileName: "one-person.csv" });
    expect(job.status).toBe("done");
    const entries = (await admin(auditList, { query: { limit: 100 } })).body.items as { action: string; target: string }[];
    const entry = entries.find((e) => e.action === "signatures.exported" && e.target.startsWith(p.id));
    expect(entry?.target).toBe(`${p.id} (search by e-mail (${auditedPerson(address)}))`);
    expect(JSON.stringify(entries).toLowerCase()).not.toContain(address.toLowerCase());
    // past its two days the job (its query holds the address) is not found, even before the TTL removes it
    const stored = await db().send(new GetCommand({ TableName: table(), Key: Keys.job(job.id) }));
    expect(Number(stored.Item!.expiresAt) - Date.parse(job.createdAt) / 1000).toBeCloseTo(Job.PRIVATE_KEEP_SECONDS, -1);
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.job(job.id),
        UpdateExpression: "SET expiresAt = :past",
        ExpressionAttributeValues: { ":past": Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await admin(jobGet, { id: job.id })).statusCode).toBe(404);
  });

  it("has no file to download before it is done", async () => {
    const res = await admin(download, { id: "0000000000000000000zz" });
    expect(res.statusCode).toBe(404);
  });
});

describe("a file written in parts", () => {
  it("sends a part per 8 MiB and keeps every byte in order", async () => {
    const file = new S3File(`exports/test-${randomUUID()}/big.csv`, "text/csv");
    const sent = vi.spyOn(s3(), "send");
    const line = `${"x".repeat(1023)}\n`;
    const lines = Math.ceil((PART_BYTES * 2.2) / line.length);
    for (let i = 0; i < lines; i += 512) await file.write(line.repeat(Math.min(512, lines - i)));
    const { bytes } = await file.close();
    expect(bytes).toBe(lines * line.length);
    const res = await s3().send(new GetObjectCommand({ Bucket: BUCKET, Key: file.key }));
    const body = await res.Body!.transformToString();
    expect(body.length).toBe(bytes);
    expect(body === line.repeat(lines)).toBe(true);
    const commands = sent.mock.calls.map(([command]) => command.constructor.name);
    sent.mockRestore();
    expect(commands.filter((name) => name === "UploadPartCommand")).toHaveLength(3);
    expect(commands).toContain("CompleteMultipartUploadCommand");
  });
});
