/**
 * The administrators' review of scam reports: the list with its filters, search and
 * pages, the full record with evidence links, the triage status, delete one and delete all (no item
 * and no evidence object left behind), the exports and the spreadsheet sync job, all through the
 * handlers of the route table, every change audited.
 */
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { INDEX_BUCKETS, Keys } from "@site/core/db/keys";
import { Evidence } from "@site/core/evidence";
import { s3 } from "@site/core/evidence/s3";
import { Report } from "@site/core/report";
import { CONTACT_METHOD_FIELDS, SCAM_TYPE_FIELDS } from "@site/core/report/catalogue";
import { indexKey } from "@site/core/report/index-item";
import { ReportListing } from "@site/core/report/listing";
import type { ReportRow } from "@site/core/report/record";
import { fromHeaders } from "@site/core/request/metadata";
import { fileFor } from "@site/core/sheets/local";
import { REPORTS_TAB } from "@site/core/report/sheet";
import { metaDetails } from "@site/core/request/meta-details";
import { handler as listReports } from "../../packages/functions/src/http/admin-report-list";
import { handler as exportReports } from "../../packages/functions/src/http/admin-report-export";
import { handler as getReport } from "../../packages/functions/src/http/admin-report-get";
import { handler as updateReport } from "../../packages/functions/src/http/admin-report-update";
import { handler as deleteReport } from "../../packages/functions/src/http/admin-report-delete";
import { handler as deleteAll } from "../../packages/functions/src/http/admin-report-delete-all";
import { handler as syncReports } from "../../packages/functions/src/http/admin-sheets-sync-reports";
import { handler as jobGet } from "../../packages/functions/src/http/admin-job-get";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { routes, routeKey } from "../../packages/functions/src/routes";
import { installLocalBus } from "../../scripts/local/bus";
import { runPool } from "../../scripts/bench/report";
import { adminClaims, asAdmin } from "../support/admin";
import { useOwnBucket } from "../support/own-bucket";
import { badRequestsFor, describeRequest } from "../support/bad-requests";
import { nameOf } from "../support/fixtures";
import { rawRequest, startLocalApi } from "../support/local-api";
import { fullReport, minimalReport, PDF, PNG, postToBucket } from "../support/reports";
import { snapshot, useOwnTable } from "../support/table-snapshot";
import { signIn } from "../support/tokens";
import { smallDeleteChunks, TEST_DELETE_CHUNK } from "../support/delete-chunk";
import type { ReportInput } from "@site/core/report/input";

let BUCKET = "";
const UA = "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36";
const bus = installLocalBus({ retryDelaysMs: [50] });
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;

beforeAll(async () => {
  await useOwnTable("admin-reports");
  smallDeleteChunks();
  BUCKET = await useOwnBucket("admin-reports");
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
});

afterAll(() => bus.idle());

const meta = () => metaDetails(fromHeaders({ "user-agent": UA }, "198.51.100.20"));
let clients = 0;

/** A report through the real Report.create, as POST /api/reports stores it. */
async function create(input: ReportInput) {
  return (await Report.create({ submission: Report.ReportInput.parse(input), client: `198.51.100.${++clients % 250}`, meta: meta() })).report;
}

async function upload(purpose: "contactEmail" | "details", fileName: string, body: Uint8Array) {
  const presigned = await Evidence.presignUpload({ purpose, fileName, size: body.length });
  expect((await postToBucket(presigned, body, fileName)).status).toBe(204);
  return { uploadId: presigned.uploadId, fileName };
}

async function keysUnder(prefix: string) {
  const res = await s3().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!);
}

const stored = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

async function indexIds(): Promise<string[]> {
  const ids: string[] = [];
  for (let b = 0; b < INDEX_BUCKETS; b++) {
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": Keys.reportIndexPartition(b) },
        ConsistentRead: true,
      }),
    );
    ids.push(...(res.Items ?? []).map((i) => i.sk as string));
  }
  return ids.sort();
}

/** Every report item and reference guard in this file's table. */
async function reportItems() {
  const items = [...(await snapshot()).values()].map((v) => v.item);
  return { reports: items.filter((i) => i.type === "report"), refs: items.filter((i) => i.type === "reportRef") };
}

const audit = async () =>
  (await admin(auditList, { query: { limit: 100 } })).body.items as {
    id: string;
    action: string;
    actor: string;
    target: string;
    rows: number;
    status: string;
  }[];

type ListAnswer = { items: ReportRow[]; total: number; page: number; pageSize: number };
async function list(query: Record<string, string | number> = {}): Promise<ListAnswer> {
  const res = await admin(listReports, { query });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body as ListAnswer;
}

/** Reports seeded in bulk: 60, a day apart, with every combination of the filters' values. */
const SEEDED = 60;
const DAY = 86_400_000;
const seedInput = (i: number): ReportInput =>
  minimalReport(`seed${i}`, {
    reporter: { fullName: `Reporter ${nameOf(i)}`, email: `seed-${i}@example.com`, city: "Tampa", state: "FL", speakWithTeam: i % 3 === 0 },
    moneyLost: i % 2 === 0,
    amountLost: i % 2 === 0 ? 100 * i : undefined,
    dateOccurred: `2025-01-${String((i % 28) + 1).padStart(2, "0")}`,
    scammer: { name: `Scammer ${nameOf(i)}`, company: i % 5 === 0 ? "Exit Masters" : `Company ${i}` },
  });

describe("the list", () => {
  let seeded: Report.Info[];
  let newest: Report.Info;

  beforeAll(async () => {
    const start = Date.now() - 90 * DAY;
    seeded = await ReportListing.importBatch(
      Array.from({ length: SEEDED }, (_, i) => ({
        submission: Report.ReportInput.parse(seedInput(i)),
        client: "198.51.100.1",
        meta: meta(),
        at: new Date(start + i * DAY),
      })),
    );
    newest = await create(minimalReport("newest", { scammer: { name: "Zed Newest", company: "Timeshare Freedom Group" } }));
  });

  it("is newest first, 10 a page by default, with the total, cold (from the table) and warm alike", async () => {
    const cold = await list();
    expect(cold).toMatchObject({ total: SEEDED + 1, page: 1, pageSize: 10 });
    expect(cold.items[0]).toMatchObject({
      id: newest.id,
      reference: newest.reference,
      status: "new",
      scammerName: "Zed Newest",
      amountLost: null,
      evidenceCount: 0,
    });
    const warm = await list();
    expect(warm.items.map((r) => r.id)).toEqual(cold.items.map((r) => r.id));
    expect(warm.items.slice(1, 4).map((r) => r.id)).toEqual([seeded[59].id, seeded[58].id, seeded[57].id]);
    for (const pageSize of [25, 50, 100]) expect((await list({ pageSize })).items).toHaveLength(Math.min(pageSize, SEEDED + 1));
    const pages = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((page) => list({ page })));
    expect(new Set(pages.flatMap((p) => p.items.map((r) => r.id))).size).toBe(SEEDED + 1);
  });

  it("filters by date occurred, money lost, speak with team and status, alone and together", async () => {
    const expected = (test: (i: number) => boolean) => seeded.filter((_, i) => test(i)).length;
    expect((await list({ moneyLost: "yes" })).total).toBe(expected((i) => i % 2 === 0));
    expect((await list({ moneyLost: "no" })).total).toBe(expected((i) => i % 2 === 1) + 1);
    expect((await list({ speakWithTeam: "yes" })).total).toBe(expected((i) => i % 3 === 0));
    const day = (i: number) => (i % 28) + 1;
    expect((await list({ dateFrom: "2025-01-10", dateTo: "2025-01-12", pageSize: 100 })).items.map((r) => r.dateOccurred).sort()).toEqual(
      seeded
        .filter((_, i) => day(i) >= 10 && day(i) <= 12)
        .map((r) => r.dateOccurred)
        .sort(),
    );
    expect((await list({ dateFrom: "2025-01-20", moneyLost: "yes", speakWithTeam: "yes" })).total).toBe(expected((i) => day(i) >= 20 && i % 6 === 0));
    expect((await list({ status: "new" })).total).toBe(SEEDED + 1);
    expect((await list({ status: "spam" })).total).toBe(0);
    const withAmounts = (await list({ moneyLost: "yes", sort: "amountLost", order: "desc", pageSize: 3 })).items;
    expect(withAmounts.map((r) => r.amountLost)).toEqual([5800, 5600, 5400]);
  });

  it("searches scammer and company name, reporter name and e-mail, and the reference number", async () => {
    expect((await list({ search: "exit masters" })).total).toBe(SEEDED / 5);
    expect((await list({ search: "SCAMMER " + nameOf(7).toUpperCase() })).items.map((r) => r.id)).toEqual([seeded[7].id]);
    expect((await list({ search: `reporter ${nameOf(42)}` })).items.map((r) => r.id)).toEqual([seeded[42].id]);
    expect((await list({ search: "seed-13@" })).items.map((r) => r.id)).toEqual([seeded[13].id]);
    expect((await list({ search: newest.reference.toLowerCase() })).items.map((r) => r.id)).toEqual([newest.id]);
    expect((await list({ search: newest.reference.replace(/-/g, "") })).items.map((r) => r.id)).toEqual([newest.id]);
    expect((await list({ search: "freedom", moneyLost: "yes" })).total).toBe(0);
    expect((await list({ search: "nothing like this" })).items).toEqual([]);
  });

  it("refuses bad filters and page sizes with a message naming the field", async () => {
    const refused = async (query: Record<string, string>, error: string) => {
      const res = await admin(listReports, { query });
      expect(res.statusCode).toBe(400);
      expect(res.body.error).toBe(error);
    };
    await refused({ moneyLost: "maybe" }, "Money lost must be yes or no");
    await refused({ speakWithTeam: "true" }, "Speak with team must be yes or no");
    await refused({ dateFrom: "2025-02-30" }, "Date from must be a date (YYYY-MM-DD)");
    await refused({ dateTo: "01/02/2025" }, "Date to must be a date (YYYY-MM-DD)");
    await refused({ status: "open" }, "Status must be one of new, in_review, resolved, spam");
    await refused({ pageSize: "101" }, "Page size must be at most 100");
    await refused({ sort: "email" }, "Sort by createdAt, dateOccurred, fullName, scammerName, companyName, amountLost, status");
  });
});

describe("one report", () => {
  it("shows every section: each scam type and contact method with its own fields, known details, evidence links, metadata", async () => {
    const email = await upload("contactEmail", "their-offer.pdf", PDF);
    const screenshot = await upload("details", "screenshot.png", PNG);
    const report = await create(fullReport("details", { contactEmail: email, details: screenshot }));
    // a link only once the malware scan (locally its stand-in, through the bus) found the file clean: evidence-scan.test.ts
    await bus.idle();

    const res = await admin(getReport, { id: report.id });
    expect(res.statusCode).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      id: report.id,
      reference: report.reference,
      status: "new",
      reporter: { fullName: "Dana O'Reilly", city: "Orlando", state: "FL", ageRange: "61+", speakWithTeam: true, shareAnonymously: false },
      moneyLost: true,
      amountLost: 1500,
      dateOccurred: "2025-03-07",
      scammer: {
        name: "John Smith",
        company: "Resale & Pros <LLC>",
        phone: "+1 555 987 6543",
        email: "john@resale.example",
        website: expect.stringMatching(/^https:\/\/resale\.example\/?$/),
      },
      reportedElsewhere: true,
      reportedTo: "Florida Attorney General",
      wantUpdates: true,
      meta: { browser: expect.stringContaining("Chrome"), deviceType: "Desktop", ipAddress: "198.51.100.20", screenResolution: "Unknown" },
    });
    // every field the catalogue names for each type and method is there, as the details view labels them
    for (const type of d.scamTypes as Record<string, unknown>[]) {
      for (const field of SCAM_TYPE_FIELDS[type.type as keyof typeof SCAM_TYPE_FIELDS]) expect(type, `${type.type}.${field.name}`).toHaveProperty(field.name);
    }
    expect(d.scamTypes.map((t: { type: string }) => t.type)).toEqual(["fake_resale", "upfront_fees", "high_pressure", "refund_exit", "other"]);
    expect(d.scamTypes[2]).toEqual({ type: "high_pressure", tactics: "A four-hour presentation <b>with</b> free drinks", limitedTimeOrThreat: true });
    for (const method of d.contactMethods as Record<string, unknown>[]) {
      for (const field of CONTACT_METHOD_FIELDS[method.method as keyof typeof CONTACT_METHOD_FIELDS])
        expect(method, `${method.method}.${field.name}`).toHaveProperty(field.name);
    }
    expect(d.contactMethods[0]).toEqual({ method: "phone", countryCode: "+44", phoneNumber: "(555) 123-4567" });

    // evidence: names and sizes, a signed link per file made for this answer, never the bucket key
    expect(d.evidence).toHaveLength(2);
    expect(d.downloadExpiresInSeconds).toBe(300);
    for (const [file, bytes, type] of [
      ["their-offer.pdf", PDF, "application/pdf"],
      ["screenshot.png", PNG, "image/png"],
    ] as const) {
      const e = d.evidence.find((x: { fileName: string }) => x.fileName === file);
      expect(e).toMatchObject({ size: bytes.length, contentType: type, scan: { state: "clean", status: "NO_THREATS_FOUND" } });
      expect(e.key).toBeUndefined();
      const download = await fetch(e.downloadUrl);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toContain(`attachment; filename="${file}"`);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    }

    expect(await admin(getReport, { id: "0000000000000000000aa" })).toMatchObject({ statusCode: 404, body: { error: "Report not found" } });
    expect(await admin(getReport, { id: "not-an-id" })).toMatchObject({ statusCode: 404, body: { error: "Report not found" } });
  });

  it("changes the status, audited, and the list shows it at once", async () => {
    const report = await create(minimalReport("status", { scammer: { company: "Status Check Resorts" } }));
    expect((await list({ search: "status check" })).items[0].status).toBe("new");

    const res = await admin(updateReport, { method: "PATCH", id: report.id, body: { status: "in_review" } });
    expect(res).toMatchObject({ statusCode: 200, body: { id: report.id, status: "in_review", companyName: "Status Check Resorts" } });
    expect((await list({ search: "status check" })).items[0].status).toBe("in_review");
    expect((await list({ status: "in_review" })).items.map((r) => r.id)).toEqual([report.id]);
    expect((await Report.fromID(report.id)).status).toBe("in_review");
    // another process, with nothing cached, reads the same from the index
    expect((await list({ status: "in_review" })).items.map((r) => r.id)).toEqual([report.id]);

    const entries = (await audit()).filter((e) => e.action === "report.status_changed" && e.target.startsWith(report.reference));
    expect(entries).toEqual([expect.objectContaining({ actor: adminEmail, target: `${report.reference}: new → in_review`, rows: 1 })]);
    // the same status again changes nothing and records nothing
    expect((await admin(updateReport, { method: "PATCH", id: report.id, body: { status: "in_review" } })).statusCode).toBe(200);
    expect((await audit()).filter((e) => e.action === "report.status_changed" && e.target.startsWith(report.reference))).toHaveLength(1);

    for (const body of [{ status: "closed" }, {}, { status: "spam", extra: 1 }]) {
      const bad = await admin(updateReport, { method: "PATCH", id: report.id, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await admin(updateReport, { method: "PATCH", id: report.id, body: { status: "closed" } })).body.error).toBe(
      "Status must be one of new, in_review, resolved, spam",
    );
    expect(await admin(updateReport, { method: "PATCH", id: "0000000000000000000aa", body: { status: "spam" } })).toMatchObject({
      statusCode: 404,
      body: { error: "Report not found" },
    });
  });

  it("deletes one report with its reference, index row and evidence, audited", async () => {
    const pdf = await upload("details", "contract.pdf", PDF);
    const report = await create(minimalReport("delete-one", { scammer: { company: "Delete Me Travel" }, evidence: { details: pdf } }));
    expect(await keysUnder(`reports/${report.id}/`)).toHaveLength(1);
    const before = (await list()).total;
    expect((await list({ search: "delete me travel" })).total).toBe(1);

    const res = await admin(deleteReport, { method: "DELETE", id: report.id });
    expect(res).toMatchObject({ statusCode: 200, body: { id: report.id, reference: report.reference } });
    expect(await stored(Keys.report(report.id))).toBeUndefined();
    expect(await stored(Keys.reportRef(report.reference))).toBeUndefined();
    expect(await stored(indexKey(report.id))).toBeUndefined();
    expect(await keysUnder(`reports/${report.id}/`)).toEqual([]);
    expect((await list({ search: "delete me travel" })).total).toBe(0);
    expect((await list()).total).toBe(before - 1);
    expect(await ReportListing.count()).toBe(before - 1);

    expect((await audit()).filter((e) => e.action === "report.deleted" && e.target === report.reference)).toEqual([
      expect.objectContaining({ actor: adminEmail, rows: 1 }),
    ]);
    expect(await admin(deleteReport, { method: "DELETE", id: report.id })).toMatchObject({ statusCode: 404, body: { error: "Report not found" } });
    expect(await ReportListing.count()).toBe(before - 1);
  });
});

describe("exports", () => {
  it("pages full reports matching the filters, recorded once in the audit trail", async () => {
    const rows: Report.Info[] = [];
    let operationId: string | undefined;
    for (let page = 1; ; page++) {
      const res = await admin(exportReports, { query: { moneyLost: "yes", pageSize: 7, page, operationId } });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      if (operationId) expect(res.body.operationId).toBe(operationId);
      operationId = res.body.operationId;
      rows.push(...res.body.items);
      if (page * res.body.pageSize >= res.body.total) break;
    }
    const expected = (await list({ moneyLost: "yes", pageSize: 100 })).items.map((r) => r.id);
    expect(rows.map((r) => r.id)).toEqual(expected);
    // full records: scam types, contact methods, evidence names (never their keys), metadata
    expect(rows.every((r) => r.moneyLost && r.scamTypes.length > 0 && r.contactMethods.length > 0 && r.meta.browser)).toBe(true);
    const withFiles = rows.find((r) => r.evidence.length > 0);
    if (withFiles) expect(withFiles.evidence.every((e) => !("key" in e))).toBe(true);
    const entry = (await audit()).filter((e) => e.id === operationId);
    expect(entry).toEqual([
      expect.objectContaining({
        action: "reports.exported",
        actor: adminEmail,
        rows: expected.length,
        status: "completed",
        target: "all reports (moneyLost=yes)",
      }),
    ]);
  });

  it("exports one page in one call (only=page), an operation complete at once", async () => {
    const res = await admin(exportReports, { query: { page: 2, pageSize: 10, only: "page" } });
    expect(res.statusCode).toBe(200);
    expect(res.body.items.map((r: Report.Info) => r.id)).toEqual((await list({ page: 2 })).items.map((r) => r.id));
    expect((await audit()).find((e) => e.id === res.body.operationId)).toMatchObject({ status: "completed", rows: 10, target: "all reports (page 2)" });
    expect((await admin(exportReports, { query: { pageSize: 251 } })).body.error).toBe("Page size must be at most 250");
    expect((await admin(exportReports, { query: { only: "all" } })).body.error).toBe('Only must be "page"');
  });
});

describe("spreadsheet sync", () => {
  it("runs as a job: 202 at once, the subscriber rewrites the Scam Reports tab, audited", async () => {
    const res = await admin(syncReports, { method: "POST", path: "/api/admin/sheets/reports", body: {} });
    expect(res.statusCode).toBe(202);
    await bus.idle();
    expect(bus.failures).toEqual([]);
    const job = (await admin(jobGet, { id: res.body.jobId })).body;
    const file = fileFor(settings().SHEETS_DIR, REPORTS_TAB);
    expect(job).toMatchObject({ kind: "sheets.reports", status: "done", actor: adminEmail, result: { destination: file } });
    const total = (await list()).total;
    expect(job.result.rows).toBe(total);
    const lines = readFileSync(file, "utf8").split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(total + 1);
    expect((await audit()).find((e) => e.action === "reports.synced")).toMatchObject({ actor: adminEmail, rows: total });
  });
});

describe("delete all", () => {
  it("refuses any word but CONFIRM and deletes nothing", async () => {
    const before = await ReportListing.count();
    for (const confirm of ["confirm", "CONFIRM ", "", undefined]) {
      const res = await admin(deleteAll, { method: "POST", body: { confirm } });
      expect(res).toMatchObject({ statusCode: 400, body: { error: "Please type CONFIRM exactly to proceed" } });
    }
    expect(await ReportListing.count()).toBe(before);
  });

  it("deletes in chunks with progress, evidence included, spares a report made meanwhile, and leaves nothing behind", async () => {
    await ReportListing.importBatch(
      Array.from({ length: 52 }, (_, i) => ({
        submission: Report.ReportInput.parse(minimalReport(`bulk${i}`)),
        client: "198.51.100.2",
        meta: meta(),
        at: new Date(Date.now() - 1000 - i),
      })),
    );
    const withFile = await create(minimalReport("with-file", { evidence: { details: await upload("details", "receipt.pdf", PDF) } }));
    const total = await ReportListing.count();
    expect(total).toBeGreaterThan(CHUNK_SIZE);
    const doomed = (await reportItems()).reports.map((r) => r.id as string);

    const first = await admin(deleteAll, { method: "POST", body: { confirm: "CONFIRM" } });
    expect(first).toMatchObject({ statusCode: 200, body: { deleted: CHUNK_SIZE, remaining: total - CHUNK_SIZE, done: false } });
    const operationId = first.body.operationId;
    const [late, second] = await Promise.all([
      new Promise((r) => setTimeout(r, 5)).then(() => create(minimalReport("late", { scammer: { company: "Made Meanwhile" } }))),
      admin(deleteAll, { method: "POST", body: { confirm: "CONFIRM", operationId } }),
    ]);
    let last = second.body;
    while (!last.done) last = (await admin(deleteAll, { method: "POST", body: { confirm: "CONFIRM", operationId } })).body;
    expect(last).toMatchObject({ operationId, remaining: 0, done: true });

    const after = await reportItems();
    expect(after.reports.map((r) => r.id)).toEqual([late.id]);
    expect(after.refs.map((r) => r.reportId)).toEqual([late.id]);
    expect(await indexIds()).toEqual([late.id]);
    expect(await keysUnder(`reports/${withFile.id}/`)).toEqual([]);
    for (const id of doomed.slice(0, 20)) expect(await keysUnder(`reports/${id}/`)).toEqual([]);
    expect(await ReportListing.count()).toBe(1);
    expect((await list()).items.map((r) => r.id)).toEqual([late.id]);

    const entry = (await audit()).filter((e) => e.id === operationId);
    expect(entry).toEqual([
      expect.objectContaining({ action: "reports.deleted_all", actor: adminEmail, target: "all reports", rows: total, status: "completed" }),
    ]);
  });
});

const CHUNK_SIZE = TEST_DELETE_CHUNK;

describe("bad requests to the admin report routes (the bad-input generator, as an administrator)", () => {
  const reportRoutes = routes.filter((r) => r.access === "admin" && (r.path.startsWith("/api/admin/reports") || r.path === "/api/admin/sheets/reports"));
  let api: Awaited<ReturnType<typeof startLocalApi>>;
  let token: string;
  let reportId: string;

  beforeAll(async () => {
    const e = inject("emulators");
    token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-${crypto.randomUUID().slice(0, 8)}@example.org`, true))
      .accessToken;
    reportId = (await create(minimalReport("bad-input"))).id;
    api = await startLocalApi();
  });
  afterAll(() => api?.close());

  it("covers every admin report route", () => expect(reportRoutes.map(routeKey)).toHaveLength(9));

  it.each(reportRoutes.map((r) => [routeKey(r), r] as const))("%s answers every generated bad request below 500", async (_, route) => {
    const requests = badRequestsFor(route, { seed: 8_2024, perRoute: () => 120, bodies: {}, param: () => reportId });
    const failed: string[] = [];
    await runPool(requests.length, 10, async (i) => {
      const r = requests[i];
      const res = await rawRequest(api.port, { method: r.method, path: r.path, headers: { ...r.headers, authorization: `Bearer ${token}` }, body: r.body });
      if (res.status >= 500) failed.push(`${res.status} ${res.body.slice(0, 120)} ← ${describeRequest(r)}`);
    });
    expect(failed, failed.slice(0, 10).join("\n")).toEqual([]);
  });
});
