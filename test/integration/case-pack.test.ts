import { GetObjectCommand } from "@aws-sdk/client-s3";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Audit } from "@site/core/audit";
import { Cases } from "@site/core/cases";
import { REPORTER_WITHHELD } from "@site/core/case-pack/entries";
import { s3 } from "@site/core/evidence/s3";
import { Report } from "@site/core/report";
import { ReportListing } from "@site/core/report/listing";
import { handler as startPack } from "../../packages/functions/src/http/admin-case-pack-start";
import { handler as download } from "../../packages/functions/src/http/admin-export-download";
import { handler as jobGet } from "../../packages/functions/src/http/admin-job-get";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { useOwnBucket } from "../support/own-bucket";
import { pdfTextRuns } from "../support/pdf-text";
import { minimalReport } from "../support/reports";

/**
 * A case pack for an authority: a case of 500 reports (seeded in bulk, placed by the proposal code
 * as the `report.created` subscriber would, confirmed into one case) becomes a CSV with a
 * row per report and a PDF with a block per report, both in the private bucket under
 * `exports/<jobId>/`, each downloaded through the exports' short-lived link. A reporter who did not
 * agree to speak with the team is withheld. Audited.
 */
const bus = installLocalBus({ retryDelaysMs: [50] });
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;
let caseId: string;
let reference: string;
const N = 500;
const COMPANY = `Pack Test ${randomUUID().slice(0, 8)} LLC`;

const meta = (i: number) => ({
  browser: "Chrome 126",
  deviceType: "Desktop" as const,
  screenResolution: "1920x1080",
  userAgent: "import",
  timezone: "America/New_York",
  language: "en-US",
  ipAddress: `10.9.${(i >> 8) & 255}.${i & 255}`,
  city: "Orlando",
  region: "FL",
  country: "US",
  latitude: "0",
  longitude: "0",
});

beforeAll(async () => {
  await useOwnBucket("case-pack");
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
  const requests = Array.from({ length: N }, (_, i) => {
    // every report names the company; each fifty of them a phone of their own, so one placement takes fifty
    const phone = `(407) 555-01${String(Math.floor(i / 50)).padStart(2, "0")}`;
    const input = minimalReport(`pack-${i}`, { scammer: { company: COMPANY, phone }, moneyLost: true, amountLost: 100 + i });
    const speaks = i === 0;
    const submission = Report.ReportInput.parse({
      ...input,
      reporter: { ...input.reporter, fullName: speaks ? "Willing Reporter" : "Quiet Reporter", speakWithTeam: speaks },
    });
    return { submission, client: `10.9.0.${i}`, meta: meta(i), at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) };
  });
  const reports: Report.Info[] = [];
  for (let i = 0; i < N; i += 100) reports.push(...(await ReportListing.importBatch(requests.slice(i, i + 100))));
  // placed as the report.created subscriber places them: each placement takes its report's matches (its fifty by phone)
  let proposal: Awaited<ReturnType<typeof Cases.propose>>;
  for (let i = 0; i < N; i += 50) proposal = (await Cases.propose(reports[i].id)) ?? proposal;
  // a placement marks at most 60 free reports: the few its cap left out are placed one by one
  for (const r of reports) if (!proposal!.reports.some((p) => p.id === r.id)) proposal = (await Cases.propose(r.id)) ?? proposal;
  expect(proposal!.reports).toHaveLength(N);
  caseId = (await Cases.confirm(proposal!.id, adminEmail)).caseId;
  const head = await Cases.find(caseId);
  expect(head?.reports).toBe(N);
  reference = head!.reference;
}, 240_000);

afterAll(() => bus.idle());

async function fileOf(jobId: string, file?: "csv") {
  const link = await admin(download, { id: jobId, query: file ? { file } : undefined });
  expect(link.statusCode, JSON.stringify(link.body)).toBe(200);
  const res = await fetch(link.body.url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toContain(`filename="${link.body.fileName}"`);
  return { name: link.body.fileName as string, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe("a case pack job", () => {
  it("writes a CSV row and a PDF block per report of a case of 500, reporters withheld unless they agreed to be contacted; audited", async () => {
    const start = await admin(startPack, { method: "POST", path: `/api/admin/cases/${caseId}/pack`, id: caseId });
    expect(start.statusCode, JSON.stringify(start.body)).toBe(202);
    await bus.idle();
    expect(bus.failures).toEqual([]);
    const job = (await admin(jobGet, { id: start.body.jobId })).body;
    expect(job).toMatchObject({ kind: "export.case-pack", status: "done", actor: adminEmail, result: { rows: N } });

    const csv = await fileOf(job.id, "csv");
    expect(csv.name).toMatch(new RegExp(`^case-pack-${reference.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = Buffer.from(csv.bytes).toString("utf8").trim().split("\r\n");
    expect(lines).toHaveLength(N + 1);
    expect(lines[0]).toMatch(/^"Reference","Submitted \(New York\)",/);
    expect(lines.filter((l) => l.includes("Willing Reporter"))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(REPORTER_WITHHELD))).toHaveLength(N - 1);
    expect(lines.join("\n")).not.toContain("Quiet Reporter");
    expect(lines.filter((l) => l.includes(COMPANY))).toHaveLength(N);

    const pdf = await fileOf(job.id);
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = (await pdfTextRuns(pdf.bytes)).runs.join("\n");
    expect(text).toContain(`Case ${reference}`);
    expect(text.match(/Report TSR-/g)).toHaveLength(N);
    expect(text).not.toContain("Quiet Reporter");

    const object = await s3().send(new GetObjectCommand({ Bucket: process.env.BUCKET_NAME!, Key: `exports/${job.id}/${job.result.files.csv}` }));
    expect(object.ContentType).toContain("text/csv");
    const entry = (await Audit.list(100)).find((e) => e.action === "cases.pack" && e.target === `case ${reference}`);
    expect(entry).toMatchObject({ actor: adminEmail, rows: N });
  }, 240_000);

  it("answers 404 for an unknown case before anything is queued, and 404 for a file a job did not write", async () => {
    const missing = await admin(startPack, { method: "POST", path: "/x", id: "0000000000000000000000" });
    expect(missing.statusCode).toBe(404);
    const start = await admin(startPack, { method: "POST", path: "/x", id: caseId });
    await bus.idle();
    const wrong = await admin(download, { id: start.body.jobId, query: { file: "zip" } });
    expect(wrong.statusCode).toBe(400);
  }, 120_000);
});
