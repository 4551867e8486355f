/**
 * The administrators' four lists of free-guide submissions, through the handlers of the
 * route table: the /admin/forms summary (count and latest per form), each list with its search,
 * filters, sorts and pages, the details, delete one and the chunked delete-all (no item left
 * behind, other forms untouched), the export pages and the spreadsheet sync job, all audited.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { INDEX_BUCKETS, Keys } from "@site/core/db/keys";
import { Lead } from "@site/core/lead";
import { LEAD_FORMS, LEAD_FORM_INFO, type LeadForm } from "@site/core/lead/forms";
import { LeadListing } from "@site/core/lead/listing";
import { LEAD_CSV_COLUMNS, leadCells, type LeadRow } from "@site/core/lead/record";
import { fromHeaders } from "@site/core/request/metadata";
import { fileFor } from "@site/core/sheets/local";
import { metaDetails } from "@site/core/request/meta-details";
import { handler as summary } from "../../packages/functions/src/http/admin-lead-summary";
import { handler as listLeads } from "../../packages/functions/src/http/admin-lead-list";
import { handler as exportLeads } from "../../packages/functions/src/http/admin-lead-export";
import { handler as getLead } from "../../packages/functions/src/http/admin-lead-get";
import { handler as deleteLead } from "../../packages/functions/src/http/admin-lead-delete";
import { handler as deleteAll } from "../../packages/functions/src/http/admin-lead-delete-all";
import { handler as syncLeads } from "../../packages/functions/src/http/admin-sheets-sync-leads";
import { handler as jobGet } from "../../packages/functions/src/http/admin-job-get";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { routes, routeKey } from "../../packages/functions/src/routes";
import { installLocalBus } from "../../scripts/local/bus";
import { runPool } from "../../scripts/bench/report";
import { adminClaims, asAdmin } from "../support/admin";
import { badRequestsFor, describeRequest } from "../support/bad-requests";
import { nameOf } from "../support/fixtures";
import { rawRequest, startLocalApi } from "../support/local-api";
import { snapshot, useOwnTable } from "../support/table-snapshot";
import { signIn } from "../support/tokens";
import { smallDeleteChunks, TEST_DELETE_CHUNK } from "../support/delete-chunk";

const UA = "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36";
const bus = installLocalBus({ retryDelaysMs: [50] });
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;

const meta = () =>
  metaDetails(fromHeaders({ "user-agent": UA }, "198.51.100.30"), { screenResolution: "1440x900", timezone: "America/Denver", language: "es-MX" });
let clients = 0;

/** A submission through the real Lead.create, as POST /api/leads/{form} stores it. */
async function submit(form: LeadForm, fullName: string, email: string, newsletterConsent = false) {
  const submission = Lead.LeadInput.parse({ fullName, email, newsletterConsent });
  return (await Lead.create({ form, submission, client: `198.51.100.${++clients % 250}`, meta: meta() })).lead;
}

/** 10:00 in New York on 1 January 2025, and a day later for each next submission. */
const START = Date.UTC(2025, 0, 1, 15);
const DAY = 86_400_000;
const SEEDED = 60;
const SEEDED_FORM = "where-scams-thrive";
let seeded: Lead.Info[];
const checklist: Lead.Info[] = [];
let spotting: Lead.Info[];

beforeAll(async () => {
  await useOwnTable("admin-leads");
  smallDeleteChunks();
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
  seeded = await LeadListing.importBatch(
    Array.from({ length: SEEDED }, (_, i) => ({
      form: SEEDED_FORM,
      submission: Lead.LeadInput.parse({ fullName: `Owner ${nameOf(i)}`, email: `wst-${i}@example.com`, newsletterConsent: i % 3 === 0 }),
      meta: meta(),
      at: new Date(START + i * DAY),
    })),
  );
  spotting = await LeadListing.importBatch([
    { form: "spotting-exit-scams", submission: Lead.LeadInput.parse({ fullName: "Only One", email: "only@example.com" }), meta: meta(), at: new Date(START) },
  ]);
  checklist.push(await submit("checklist", "Carla Check", "carla@example.com"));
  checklist.push(await submit("checklist", "Chris Check", "chris@example.com", true));
});

afterAll(() => bus.idle());

const audit = async () =>
  (await admin(auditList, { query: { limit: 100 } })).body.items as {
    id: string;
    action: string;
    actor: string;
    target: string;
    rows: number;
    status: string;
  }[];

type ListAnswer = { items: LeadRow[]; total: number; page: number; pageSize: number };
async function list(form: string, query: Record<string, string | number> = {}): Promise<ListAnswer> {
  const res = await admin(listLeads, { params: { form }, query });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body as ListAnswer;
}

async function indexIds(form: LeadForm): Promise<string[]> {
  const ids: string[] = [];
  for (let b = 0; b < INDEX_BUCKETS; b++) {
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": Keys.leadIndexPartition(form, b) },
        ConsistentRead: true,
      }),
    );
    ids.push(...(res.Items ?? []).map((i) => i.sk as string));
  }
  return ids.sort();
}
/** Every submission item of the form in this file's table. */
const leadItems = async (form: LeadForm) => [...(await snapshot()).values()].map((v) => v.item).filter((i) => i.type === "lead" && i.form === form);

describe("/admin/forms", () => {
  it("answers each form's card: its titles, count and latest submission (none for an empty form)", async () => {
    const res = await admin(summary);
    expect(res.statusCode).toBe(200);
    const cards = res.body.forms as LeadListing.FormSummary[];
    expect(cards.map((c) => c.form)).toEqual([...LEAD_FORMS]);
    const card = (form: LeadForm) => cards.find((c) => c.form === form)!;
    const latestOf = (l: Lead.Info) => ({ createdAt: l.createdAt, createdDate: l.createdDate, createdTime: l.createdTime });
    expect(card("checklist")).toEqual({
      form: "checklist",
      title: "Free Checklist",
      listTitle: "Timeshare Scam Checklist - Submissions",
      adminSlug: "checklist",
      count: 2,
      latest: latestOf(checklist[1]),
    });
    expect(card(SEEDED_FORM)).toMatchObject({ title: "Where Timeshare Scams Thrive", count: SEEDED, latest: latestOf(seeded[SEEDED - 1]) });
    expect(card(SEEDED_FORM).latest).toEqual({ createdAt: "2025-03-01T15:00:00.000Z", createdDate: "03/01/2025", createdTime: "10:00:00" });
    expect(card("before-you-sign")).toMatchObject({ title: "Before You Sign a Contract", count: 0, latest: null });
    expect(card("spotting-exit-scams")).toMatchObject({ title: "Spotting Exit Scams", count: 1, latest: latestOf(spotting[0]) });
  });
});

describe("a form's list", () => {
  it("is newest first, 50 a page by default, with the total, cold (from the table) and warm alike, holding only its form", async () => {
    const cold = await list(SEEDED_FORM, { pageSize: 10 });
    expect(cold).toMatchObject({ total: SEEDED, page: 1, pageSize: 10 });
    expect(cold.items.map((r) => r.id)).toEqual(
      seeded
        .slice(-10)
        .reverse()
        .map((l) => l.id),
    );
    expect(cold.items[0]).toEqual({
      id: seeded[59].id,
      form: SEEDED_FORM,
      fullName: `Owner ${nameOf(59)}`,
      email: "wst-59@example.com",
      newsletterConsent: false,
      createdDate: "03/01/2025",
      createdTime: "10:00:00",
      createdAt: "2025-03-01T15:00:00.000Z",
      browser: "Chrome 126",
      deviceType: "Desktop",
      screenResolution: "1440x900",
      language: "es-MX",
      timezone: "America/Denver",
      city: "Unknown",
      region: "Unknown",
      country: "Unknown",
      ipAddress: "198.51.100.30",
    });
    const warm = await list(SEEDED_FORM, { pageSize: 10 });
    expect(warm.items).toEqual(cold.items);
    expect((await list(SEEDED_FORM)).items).toHaveLength(50);
    const pages = await Promise.all([1, 2, 3, 4, 5, 6].map((page) => list(SEEDED_FORM, { page, pageSize: 10 })));
    expect(new Set(pages.flatMap((p) => p.items.map((r) => r.id))).size).toBe(SEEDED);
    expect(pages[5].items.at(-1)!.id).toBe(seeded[0].id);

    const checklistRows = await list("checklist");
    expect(checklistRows.items.map((r) => r.id)).toEqual([checklist[1].id, checklist[0].id]);
    expect(checklistRows.items[0]).toMatchObject({ fullName: "Chris Check", newsletterConsent: true });
    expect(await list("before-you-sign")).toEqual({ items: [], total: 0, page: 1, pageSize: 50, next: null, prev: null });
    // the path names the form; a form in the query string cannot widen or change it
    expect((await list("checklist", { form: SEEDED_FORM })).total).toBe(2);
  });

  it("searches name and e-mail, filters by consent and the day submitted (US Eastern), sorts by name and e-mail", async () => {
    expect((await list(SEEDED_FORM, { search: `owner ${nameOf(42)}` })).items.map((r) => r.id)).toEqual([seeded[42].id]);
    expect((await list(SEEDED_FORM, { search: "WST-13@" })).items.map((r) => r.id)).toEqual([seeded[13].id]);
    expect((await list(SEEDED_FORM, { search: "carla" })).total).toBe(0);
    expect((await list("checklist", { search: "carla" })).items.map((r) => r.id)).toEqual([checklist[0].id]);

    expect((await list(SEEDED_FORM, { newsletterConsent: "yes" })).total).toBe(SEEDED / 3);
    expect((await list(SEEDED_FORM, { newsletterConsent: "no" })).total).toBe(SEEDED - SEEDED / 3);
    const days = await list(SEEDED_FORM, { dateFrom: "2025-01-10", dateTo: "2025-01-12" });
    expect(days.items.map((r) => r.createdDate)).toEqual(["01/12/2025", "01/11/2025", "01/10/2025"]);
    expect((await list(SEEDED_FORM, { dateFrom: "2025-02-20" })).total).toBe(SEEDED - 50);
    expect((await list(SEEDED_FORM, { dateTo: "2025-01-05", newsletterConsent: "yes" })).items.map((r) => r.id)).toEqual([seeded[3].id, seeded[0].id]);

    // the table's order: case and accents ignored, ties by id, digits as text
    const byName = (await list(SEEDED_FORM, { sort: "fullName", order: "asc", pageSize: 500 })).items;
    expect(byName.map((r) => r.id)).toEqual([...byName].sort(LeadListing.leads.comparator("fullName")).map((r) => r.id));
    const byEmail = (await list(SEEDED_FORM, { sort: "email", order: "desc", pageSize: 3 })).items.map((r) => r.email);
    expect(byEmail).toEqual(["wst-9@example.com", "wst-8@example.com", "wst-7@example.com"]);
  });

  it("refuses bad filters, sorts and page sizes with a message naming the field, and unknown forms with 404", async () => {
    const refused = async (query: Record<string, string>, error: string) => {
      const res = await admin(listLeads, { params: { form: SEEDED_FORM }, query });
      expect(res.statusCode).toBe(400);
      expect(res.body.error).toBe(error);
    };
    await refused({ newsletterConsent: "true" }, "Newsletter consent must be yes or no");
    await refused({ dateFrom: "2025-02-30" }, "Date from must be a date (YYYY-MM-DD)");
    await refused({ dateTo: "01/02/2025" }, "Date to must be a date (YYYY-MM-DD)");
    await refused({ pageSize: "501" }, "Page size must be at most 500");
    await refused({ sort: "city" }, "Sort by createdAt, fullName, email");
    for (const form of ["guides", "Checklist", ""]) {
      expect(await admin(listLeads, { params: { form } }), form).toMatchObject({ statusCode: 404, body: { error: "Form not found" } });
    }
  });
});

describe("one submission", () => {
  it("shows every field of the details dialog, only under its own form", async () => {
    const lead = checklist[1];
    const res = await admin(getLead, { params: { form: "checklist", id: lead.id } });
    expect(res).toMatchObject({ statusCode: 200 });
    expect(res.body).toEqual({ ...lead, formTitle: "Free Checklist", documentTitle: LEAD_FORM_INFO.checklist.documentTitle });
    expect(res.body.meta).toMatchObject({
      browser: "Chrome 126",
      deviceType: "Desktop",
      screenResolution: "1440x900",
      language: "es-MX",
      timezone: "America/Denver",
      ipAddress: "198.51.100.30",
      city: "Unknown",
    });
    expect(res.body.pk).toBeUndefined();
    expect(res.body.emailNormalized).toBeUndefined();

    for (const [form, id] of [
      ["before-you-sign", lead.id],
      ["checklist", "0000000000000000000aa"],
      ["checklist", "not-an-id"],
    ]) {
      expect(await admin(getLead, { params: { form, id } }), `${form}/${id}`).toMatchObject({ statusCode: 404, body: { error: "Submission not found" } });
    }
    expect(await admin(getLead, { params: { form: "nope", id: lead.id } })).toMatchObject({ statusCode: 404, body: { error: "Form not found" } });
  });

  it("deletes one with its index row, the count follows, audited; a second delete is 404", async () => {
    const lead = await submit("spotting-exit-scams", "Delete Me", "delete-me@example.com");
    expect((await list("spotting-exit-scams")).total).toBe(2);
    // another form's path cannot delete it
    expect((await admin(deleteLead, { method: "DELETE", params: { form: "checklist", id: lead.id } })).statusCode).toBe(404);

    const res = await admin(deleteLead, { method: "DELETE", params: { form: "spotting-exit-scams", id: lead.id } });
    expect(res).toMatchObject({ statusCode: 200, body: { id: lead.id, form: "spotting-exit-scams" } });
    expect(await Lead.find(lead.id)).toBeUndefined();
    expect(await indexIds("spotting-exit-scams")).toEqual([spotting[0].id]);
    expect((await list("spotting-exit-scams")).items.map((r) => r.id)).toEqual([spotting[0].id]);
    expect(await LeadListing.count("spotting-exit-scams")).toBe(1);

    const entries = (await audit()).filter((e) => e.action === "lead.deleted");
    expect(entries).toEqual([expect.objectContaining({ actor: adminEmail, target: `spotting-exit-scams/${lead.id}`, rows: 1, status: "completed" })]);
    expect(await admin(deleteLead, { method: "DELETE", params: { form: "spotting-exit-scams", id: lead.id } })).toMatchObject({
      statusCode: 404,
      body: { error: "Submission not found" },
    });
    expect(await LeadListing.count("spotting-exit-scams")).toBe(1);
  });
});

describe("exports", () => {
  it("pages every matching row with every CSV column, in the list's order, recorded once in the audit trail", async () => {
    const rows: LeadRow[] = [];
    let operationId: string | undefined;
    for (let page = 1; ; page++) {
      const res = await admin(exportLeads, { params: { form: SEEDED_FORM }, query: { newsletterConsent: "yes", pageSize: 7, page, operationId } });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      if (operationId) expect(res.body.operationId).toBe(operationId);
      operationId = res.body.operationId;
      rows.push(...res.body.items);
      if (page * res.body.pageSize >= res.body.total) break;
    }
    const expected = (await list(SEEDED_FORM, { newsletterConsent: "yes", pageSize: 500 })).items;
    expect(rows).toEqual(expected);
    expect(rows).toHaveLength(SEEDED / 3);
    const cells = leadCells(rows[0]);
    expect(cells).toHaveLength(LEAD_CSV_COLUMNS.length);
    expect(Object.fromEntries(LEAD_CSV_COLUMNS.map((c, i) => [c, cells[i]]))).toEqual({
      "Full Name": rows[0].fullName,
      Email: rows[0].email,
      "Newsletter Consent": "Yes",
      "Submission Date": `${rows[0].createdDate} ${rows[0].createdTime}`,
      Browser: "Chrome 126",
      "Device Type": "Desktop",
      "Screen Resolution": "1440x900",
      Language: "es-MX",
      Timezone: "America/Denver",
      City: "Unknown",
      Region: "Unknown",
      Country: "Unknown",
      "IP Address": "198.51.100.30",
    });
    const entry = (await audit()).filter((e) => e.id === operationId);
    expect(entry).toEqual([
      expect.objectContaining({
        action: "leads.exported",
        actor: adminEmail,
        rows: SEEDED / 3,
        status: "completed",
        target: `${SEEDED_FORM} submissions (newsletterConsent=yes)`,
      }),
    ]);
  });

  it("exports one page in one call (only=page); a page over 1000 is refused", async () => {
    const res = await admin(exportLeads, { params: { form: SEEDED_FORM }, query: { page: 2, pageSize: 10, only: "page" } });
    expect(res.statusCode).toBe(200);
    expect(res.body.items.map((r: LeadRow) => r.id)).toEqual((await list(SEEDED_FORM, { page: 2, pageSize: 10 })).items.map((r) => r.id));
    expect((await audit()).find((e) => e.id === res.body.operationId)).toMatchObject({
      status: "completed",
      rows: 10,
      target: `${SEEDED_FORM} submissions (page 2)`,
    });
    expect((await admin(exportLeads, { params: { form: SEEDED_FORM }, query: { pageSize: 1001 } })).body.error).toBe("Page size must be at most 1000");
    expect((await admin(exportLeads, { params: { form: "guides" } })).statusCode).toBe(404);
  });
});

describe("spreadsheet sync", () => {
  it("runs as a job per form: 202 at once, the subscriber rewrites that form's tab, audited", async () => {
    const res = await admin(syncLeads, { method: "POST", params: { form: SEEDED_FORM }, body: {} });
    expect(res.statusCode).toBe(202);
    await bus.idle();
    expect(bus.failures).toEqual([]);
    const job = (await admin(jobGet, { id: res.body.jobId })).body;
    const file = fileFor(settings().SHEETS_DIR, LEAD_FORM_INFO[SEEDED_FORM].sheetTab);
    expect(job).toMatchObject({ kind: `sheets.leads.${SEEDED_FORM}`, status: "done", actor: adminEmail, result: { rows: SEEDED, destination: file } });
    const lines = readFileSync(file, "utf8").split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(SEEDED + 1);
    expect(lines[0]).toBe(LEAD_CSV_COLUMNS.map((c) => `"${c}"`).join(","));
    expect(lines[1]).toContain('"wst-59@example.com"');
    expect((await audit()).find((e) => e.action === "leads.synced")).toMatchObject({ actor: adminEmail, rows: SEEDED, target: `${SEEDED_FORM} submissions` });
    expect((await admin(syncLeads, { method: "POST", params: { form: "guides" }, body: {} })).statusCode).toBe(404);
  });
});

describe("delete all of a form", () => {
  it("refuses any word but CONFIRM and deletes nothing", async () => {
    for (const confirm of ["confirm", "CONFIRM ", "", undefined]) {
      const res = await admin(deleteAll, { method: "POST", params: { form: SEEDED_FORM }, body: { confirm } });
      expect(res).toMatchObject({ statusCode: 400, body: { error: "Please type CONFIRM exactly to proceed" } });
    }
    expect(await LeadListing.count(SEEDED_FORM)).toBe(SEEDED);
    expect(await admin(deleteAll, { method: "POST", params: { form: "guides" }, body: { confirm: "CONFIRM" } })).toMatchObject({ statusCode: 404 });
  });

  it("deletes in chunks with progress, spares a submission made meanwhile and other forms, and leaves nothing behind", async () => {
    const form: LeadForm = "before-you-sign";
    await LeadListing.importBatch(
      Array.from({ length: 52 }, (_, i) => ({
        form,
        submission: Lead.LeadInput.parse({ fullName: "Bulk Owner", email: `bulk-${i}@example.com` }),
        meta: meta(),
        at: new Date(Date.now() - 1000 - i),
      })),
    );
    await submit(form, "Made Before", "made-before@example.com");
    const total = await LeadListing.count(form);
    expect(total).toBe(53);

    const first = await admin(deleteAll, { method: "POST", params: { form }, body: { confirm: "CONFIRM" } });
    expect(first).toMatchObject({ statusCode: 200, body: { deleted: TEST_DELETE_CHUNK, remaining: total - TEST_DELETE_CHUNK, done: false } });
    const operationId = first.body.operationId;
    const [late, second] = await Promise.all([
      new Promise((r) => setTimeout(r, 5)).then(() => submit(form, "Made Meanwhile", "late@example.com")),
      admin(deleteAll, { method: "POST", params: { form }, body: { confirm: "CONFIRM", operationId } }),
    ]);
    let last = second.body;
    while (!last.done) last = (await admin(deleteAll, { method: "POST", params: { form }, body: { confirm: "CONFIRM", operationId } })).body;
    expect(last).toMatchObject({ operationId, remaining: 0, done: true });

    expect((await leadItems(form)).map((i) => i.id)).toEqual([late.id]);
    expect(await indexIds(form)).toEqual([late.id]);
    expect(await LeadListing.count(form)).toBe(1);
    expect((await list(form)).items.map((r) => r.id)).toEqual([late.id]);
    // the other forms are untouched
    expect(await LeadListing.count(SEEDED_FORM)).toBe(SEEDED);
    expect(await indexIds(SEEDED_FORM)).toHaveLength(SEEDED);
    expect((await list("checklist")).total).toBe(2);

    const entry = (await audit()).filter((e) => e.id === operationId);
    expect(entry).toEqual([
      expect.objectContaining({ action: "leads.deleted_all", actor: adminEmail, target: `${form} submissions`, rows: total, status: "completed" }),
    ]);
    // an operation cannot be continued on another form
    const other = await admin(deleteAll, { method: "POST", params: { form: SEEDED_FORM }, body: { confirm: "CONFIRM", operationId } });
    expect(other).toMatchObject({ statusCode: 400, body: { error: "This operation was started for another target" } });
    expect(await LeadListing.count(SEEDED_FORM)).toBe(SEEDED);
  });
});

describe("bad requests to the admin lead routes (the bad-input generator, as an administrator)", () => {
  const leadRoutes = routes.filter((r) => r.access === "admin" && (r.path.startsWith("/api/admin/leads") || r.path.startsWith("/api/admin/sheets/leads")));
  let api: Awaited<ReturnType<typeof startLocalApi>>;
  let token: string;
  let leadId: string;

  beforeAll(async () => {
    const e = inject("emulators");
    token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-${crypto.randomUUID().slice(0, 8)}@example.org`, true))
      .accessToken;
    leadId = (await submit("checklist", "Bad Input", "bad-input@example.com")).id;
    api = await startLocalApi();
  });
  afterAll(() => api?.close());

  it("covers every admin lead route", () => expect(leadRoutes.map(routeKey)).toHaveLength(7));

  it.each(leadRoutes.map((r) => [routeKey(r), r] as const))("%s answers every generated bad request below 500", async (_, route) => {
    const requests = badRequestsFor(route, { seed: 9_2024, perRoute: () => 120, bodies: {}, param: (_r, name) => (name === "form" ? "checklist" : leadId) });
    const failed: string[] = [];
    await runPool(requests.length, 10, async (i) => {
      const r = requests[i];
      const res = await rawRequest(api.port, { method: r.method, path: r.path, headers: { ...r.headers, authorization: `Bearer ${token}` }, body: r.body });
      if (res.status >= 500) failed.push(`${res.status} ${res.body.slice(0, 120)} ← ${describeRequest(r)}`);
    });
    expect(failed, failed.slice(0, 10).join("\n")).toEqual([]);
  });
});
