/**
 * A kind the product does not have, a volunteer sign-up, declared in one definition (`defineKind`,
 * packages/core/src/kinds/define.ts) and registered in one line (`registerKind`,
 * packages/core/src/privacy/kinds.ts), with no other product file changed for it: the admin list
 * and delete routes, the export job, the spreadsheet sync, /my-data and its download, erasure and
 * the retention job all serve it, through the same handlers and jobs as the product's kinds.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { resetSettings, settings } from "@site/core/config";
import { recordsOf } from "@site/core/db/person-index";
import { defineKind } from "@site/core/kinds/define";
import { listOutbox } from "@site/core/mail/outbox";
import { SUBMISSION_RETENTION_YEARS } from "@site/core/policy/retention";
import { registerKind } from "@site/core/privacy/kinds";
import { runRetention } from "@site/core/privacy/retention-job";
import { fileFor } from "@site/core/sheets/local";
import { toCsv } from "@site/core/util/csv";
import { handler as listRecords } from "../../packages/functions/src/http/admin-record-list";
import { handler as deleteRecord } from "../../packages/functions/src/http/admin-record-delete";
import { handler as recordKinds } from "../../packages/functions/src/http/admin-record-kinds";
import { handler as startExport } from "../../packages/functions/src/http/admin-export-start";
import { handler as exportDownload } from "../../packages/functions/src/http/admin-export-download";
import { handler as jobGet } from "../../packages/functions/src/http/admin-job-get";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { handler as privacyRequest } from "../../packages/functions/src/http/privacy-request";
import { handler as privacyRecords } from "../../packages/functions/src/http/privacy-records";
import { handler as privacyExport } from "../../packages/functions/src/http/privacy-export";
import { handler as privacyErase } from "../../packages/functions/src/http/privacy-erase";
import { routeKey, routes } from "../../packages/functions/src/routes";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { call, httpEvent } from "../support/http";
import { useOwnBucket } from "../support/own-bucket";
import { useOwnTable } from "../support/table-snapshot";
import { VOLUNTEER_CONSOLE } from "../support/volunteer-console";

// ---------------------------------------------------------------------------------------------
// The kind: one definition, one registry line.

const volunteers = defineKind({
  name: "volunteer",
  plural: "volunteers",
  label: { one: "volunteer sign-up", many: "volunteer sign-ups" },
  schema: z.object({ fullName: z.string().trim().min(1), email: z.email(), shift: z.enum(["morning", "evening"]) }),
  admin: {
    fields: ["fullName", "email", "shift"],
    orders: (o) => ({ fullName: o.text(1, (r) => r.fullName), email: o.text(2, (r) => r.email) }),
    searchKeys: (o) => ({ fullNameLast: o.lastWord(3, (r) => r.fullName) }),
    search: ["fullName", "fullNameLast", "email"],
  },
  columns: [
    ["Full Name", (r) => r.fullName],
    ["Email", (r) => r.email],
    ["Shift", (r) => r.shift],
    ["Signed Up (UTC)", (r) => r.createdAt],
  ],
  sheet: { tab: "Volunteer Sign-ups" },
  exports: ["csv"],
  personalData: {
    erasure: "with the person",
    retention: { years: SUBMISSION_RETENTION_YEARS, after: "SUBMISSION_RETENTION_YEARS after the sign-up" },
    describe: (r) => `Volunteer sign-up for the ${r.shift} shift`,
  },
});
registerKind(volunteers);

// ---------------------------------------------------------------------------------------------

type Volunteer = Awaited<ReturnType<typeof volunteers.create>>;
type Row = { id: string; fullName: string; email: string; shift: string; createdAt: string };

const bus = installLocalBus({ retryDelaysMs: [50] });
const run = randomUUID().slice(0, 8);
let ips = 0;
const ip = () => `10.94.${run.charCodeAt(2) % 200}.${++ips}`;
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;

const erin = `erin-${run}@example.com`;
const kim = `kim-${run}@example.com`;
const DAY = 86_400_000;
let made: { erin: Volunteer[]; kim: Volunteer; others: Volunteer[] };

beforeAll(async () => {
  await useOwnTable("kind-definition");
  await useOwnBucket("kind-definition");
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
  resetSettings();
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
  const at = (daysAgo: number) => ({ at: new Date(Date.now() - daysAgo * DAY) });
  made = {
    erin: [
      await volunteers.create({ fullName: "Erin Walker", email: erin, shift: "morning" }, at(3)),
      await volunteers.create({ fullName: "Erin Walker", email: erin.toUpperCase(), shift: "evening" }, at(2)),
    ],
    kim: await volunteers.create({ fullName: "Kim Lee", email: kim, shift: "evening" }, at(1)),
    others: [
      await volunteers.create({ fullName: "Ada Moss", email: `ada-${run}@example.com`, shift: "morning" }, at(5)),
      await volunteers.create({ fullName: "Ben Ng", email: `ben-${run}@example.com`, shift: "evening" }, at(4)),
    ],
  };
});
afterAll(() => bus.idle());

const all = () => [...made.others, ...made.erin, made.kim];
const newestFirst = (rows: Volunteer[]) => [...rows].sort((a, b) => (a.id < b.id ? 1 : -1));
const list = (query: Record<string, string | number> = {}, kind = "volunteer") => admin(listRecords, { params: { kind }, query });
const listedIds = async (query: Record<string, string | number> = {}) => ((await list(query)).body.items as Row[]).map((r) => r.id);
const tabText = () => readFile(fileFor(settings().SHEETS_DIR, "Volunteer Sign-ups"), "utf8");
const auditEntries = async () =>
  (await admin(auditList, { query: { limit: 100 } })).body.items as { action: string; actor: string; target: string; rows: number }[];
const post = (handler: Parameters<typeof call>[0], body: unknown) => call(handler, httpEvent({ method: "POST", body, sourceIp: ip() }));

/** Asks for the /my-data link of `email` and takes its token from the new e-mail. */
async function linkFor(email: string): Promise<string> {
  const tokens = async () => new Set((await listOutbox(settings().OUTBOX_DIR)).flatMap((m) => /\/my-data\?token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1] ?? []));
  const before = await tokens();
  expect((await post(privacyRequest, { email })).statusCode).toBe(202);
  const fresh = [...(await tokens())].filter((t) => !before.has(t));
  expect(fresh).toHaveLength(1);
  return fresh[0];
}

describe("a kind declared in one definition and registered in one line", () => {
  it("is served by the route table's generic admin routes (deployed by the AdminApi stack, served locally by the local server)", () => {
    const handlerOf = (key: string) => routes.find((r) => routeKey(r) === key)?.handler;
    expect(handlerOf("GET /api/admin/records")).toBe("packages/functions/src/http/admin-record-kinds.handler");
    expect(handlerOf("GET /api/admin/records/{kind}")).toBe("packages/functions/src/http/admin-record-list.handler");
    expect(handlerOf("DELETE /api/admin/records/{kind}/{id}")).toBe("packages/functions/src/http/admin-record-delete.handler");
  });

  it("is described to the console (GET /api/admin/records), which draws its list from that alone: fields, orders, search, export", async () => {
    const res = await admin(recordKinds);
    expect(res.statusCode).toBe(200);
    const described = (res.body.kinds as { name: string }[]).find((k) => k.name === "volunteer");
    expect(described).toEqual(VOLUNTEER_CONSOLE);
    // every sort it offers is one the list takes
    for (const { sort } of (described as unknown as { sorts: { sort: string }[] }).sorts) expect((await list({ sort })).statusCode, sort).toBe(200);
  });

  it("is listed by the generic admin list route: newest first, every order, a search by name, by whole address and by id", async () => {
    const res = await list();
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ total: 5, page: 1 });
    expect((res.body.items as Row[]).map((r) => r.id)).toEqual(newestFirst(all()).map((v) => v.id));
    expect(res.body.items[0]).toEqual({ id: made.kim.id, fullName: "Kim Lee", email: kim, shift: "evening", createdAt: made.kim.createdAt });

    expect(await listedIds({ sort: "fullName", order: "asc" })).toEqual([made.others[0], made.others[1], ...made.erin, made.kim].map((v) => v.id));
    expect(await listedIds({ search: "walker" })).toEqual(newestFirst(made.erin).map((v) => v.id));
    expect(await listedIds({ search: kim.toUpperCase() })).toEqual([made.kim.id]);
    expect(await listedIds({ search: made.others[1].id })).toEqual([made.others[1].id]);

    const unknown = await list({}, "astronaut");
    expect(unknown).toMatchObject({ statusCode: 404, body: { error: 'No kind of record named "astronaut" has an administrators\' list' } });
    expect((await list({ sort: "shoeSize" })).statusCode).toBe(400);
  });

  it("is written to a CSV file by the export job, with its columns; audited as volunteers.exported", async () => {
    const started = await admin(startExport, {
      method: "POST",
      body: { kind: "volunteers", query: { sort: "fullName", order: "asc" }, fileName: "volunteers.csv" },
    });
    expect(started.statusCode, JSON.stringify(started.body)).toBe(202);
    await bus.idle();
    expect(bus.failures).toEqual([]);
    const job = (await admin(jobGet, { id: started.body.jobId })).body;
    expect(job).toMatchObject({ kind: "export.volunteers", status: "done", actor: adminEmail, result: { rows: 5, fileName: "volunteers.csv" } });

    const link = await admin(exportDownload, { id: job.id });
    expect(link.statusCode).toBe(200);
    const text = await (await fetch(link.body.url)).text();
    const byName = [made.others[0], made.others[1], ...made.erin, made.kim];
    expect(text).toBe(
      toCsv(
        ["Full Name", "Email", "Shift", "Signed Up (UTC)"],
        byName.map((v) => [v.fullName, v.email, v.shift, v.createdAt]),
      ),
    );
    expect((await auditEntries()).find((e) => e.action === "volunteers.exported")).toMatchObject({ actor: adminEmail, target: "all volunteers", rows: 5 });

    const refused = await admin(startExport, { method: "POST", body: { kind: "astronauts", fileName: "a.csv" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error).toBe("Kind must be one of signatures, leads, subscribers, reports, reports-json, scam-alert-corrections, volunteers");
  });

  it("has its spreadsheet tab written by the administrator's sync job; audited as volunteers.synced", async () => {
    // the job an administrator's "Sync with Google Sheets" starts, run by the sheets-sync-job subscriber
    const started = await volunteers.sheet!.job.request(adminEmail);
    await bus.idle();
    expect(bus.failures).toEqual([]);
    expect((await admin(jobGet, { id: started.id })).body).toMatchObject({ kind: "sheets.volunteers", status: "done", result: { rows: 5 } });
    const lines = (await tabText()).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"Full Name","Email","Shift","Signed Up (UTC)"');
    expect(lines.slice(1)).toEqual(newestFirst(all()).map((v) => `"${v.fullName}","${v.email}","${v.shift}","${v.createdAt}"`));
    expect((await auditEntries()).find((e) => e.action === "volunteers.synced")).toMatchObject({ actor: adminEmail, target: "all volunteers", rows: 5 });
  });

  it("is listed on /my-data and in its download, counted and described", async () => {
    const token = await linkFor(erin);
    const seen = await post(privacyRecords, { token });
    expect(seen.statusCode, JSON.stringify(seen.body)).toBe(200);
    // (scamAlertCorrection: the product's own kind made by defineKind, a scam alert's correction request)
    expect(seen.body.counts).toEqual({ signature: 0, report: 0, lead: 0, newsletter: 0, scamAlertCorrection: 0, volunteer: 2 });
    // the page counts it in the kind's own words ("2 volunteer sign-ups")
    expect(seen.body.countLabels).toMatchObject({ volunteer: { one: "volunteer sign-up", many: "volunteer sign-ups" } });
    expect(seen.body.records).toEqual([
      { kind: "volunteer", label: "Volunteer sign-up for the morning shift", createdAt: made.erin[0].createdAt },
      { kind: "volunteer", label: "Volunteer sign-up for the evening shift", createdAt: made.erin[1].createdAt },
    ]);

    const download = await post(privacyExport, { token });
    expect(download.statusCode).toBe(200);
    expect(download.body.records).toEqual(made.erin.map((v) => ({ kind: "volunteer", ...v })));
  });

  it("is erased with its person, through the person index; the other person's stays; the tab follows and the e-mail counts it", async () => {
    expect((await recordsOf(erin)).filter((r) => r.kind === "volunteer")).toHaveLength(2);
    expect((await tabText()).toLowerCase()).toContain(erin);
    const token = await linkFor(erin);
    const erased = await post(privacyErase, { token });
    expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body).toEqual({ erased: { signature: 0, report: 0, lead: 0, newsletter: 0, scamAlertCorrection: 0, volunteer: 2 } });
    await bus.idle();
    expect(bus.failures).toEqual([]);

    for (const v of made.erin) expect(await volunteers.find(v.id)).toBeUndefined();
    expect(await recordsOf(erin)).toEqual([]);
    expect(await volunteers.find(made.kim.id)).toEqual(made.kim);
    expect(await volunteers.count()).toBe(3);
    expect((await list()).body).toMatchObject({ total: 3 });
    expect(await listedIds({ search: "walker" })).toEqual([]);
    const tab = await tabText();
    expect(tab.toLowerCase()).not.toContain(erin);
    expect(tab).toContain(kim);
    const notice = (await listOutbox(settings().OUTBOX_DIR)).find((m) => m.to.includes(erin) && m.subject === "Your data has been erased");
    expect(notice?.text).toContain("2 volunteer sign-ups");
  });

  it("is deleted by the generic delete route: gone with its index row and count, audited as volunteer.deleted, its tab rewritten", async () => {
    const gone = made.others[1];
    expect(await tabText()).toContain(gone.email);
    const res = await admin(deleteRecord, { method: "DELETE", params: { kind: "volunteer", id: gone.id } });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id: gone.id, kind: "volunteer" });
    await bus.idle();
    expect(bus.failures).toEqual([]);

    expect(await volunteers.find(gone.id)).toBeUndefined();
    expect(await volunteers.count()).toBe(2);
    expect(await listedIds()).toEqual([made.kim.id, made.others[0].id]);
    expect(await recordsOf(gone.email)).toEqual([]);
    expect((await auditEntries()).find((e) => e.action === "volunteer.deleted")).toMatchObject({ actor: adminEmail, target: `volunteer/${gone.id}`, rows: 1 });
    expect(await tabText()).not.toContain(gone.email);

    const again = await admin(deleteRecord, { method: "DELETE", params: { kind: "volunteer", id: gone.id } });
    expect(again).toMatchObject({ statusCode: 404, body: { error: "This volunteer sign-up was not found" } });
    expect((await admin(deleteRecord, { method: "DELETE", params: { kind: "astronaut", id: gone.id } })).statusCode).toBe(404);
    expect(await volunteers.count()).toBe(2);
  });

  it("is deleted by the retention job once past its age, counted in the run's result and audit; younger ones stay", async () => {
    const old = await volunteers.create(
      { fullName: "Old Timer", email: `old-${run}@example.com`, shift: "morning" },
      { at: new Date(Date.now() - (SUBMISSION_RETENTION_YEARS * 365 + 30) * DAY) },
    );
    expect(await listedIds()).toContain(old.id);
    // a new record's tab is rewritten soon after it
    await bus.idle();
    expect(await tabText()).toContain(old.email);

    const result = await runRetention(new Date());
    expect(result.registered).toEqual({ "scam alert correction requests": 0, "volunteer sign-ups": 1 });
    expect(result.audit.target).toContain("volunteer sign-ups: 1 deleted");
    expect(result.sheets.synced).toContain("volunteers");
    expect(await volunteers.find(old.id)).toBeUndefined();
    expect(await recordsOf(old.email)).toEqual([]);
    expect(await listedIds()).toEqual([made.kim.id, made.others[0].id]);
    expect(await volunteers.count()).toBe(2);
    expect(await tabText()).not.toContain(old.email);

    // a second run finds nothing left
    expect((await runRetention(new Date())).registered).toEqual({ "scam alert correction requests": 0, "volunteer sign-ups": 0 });
  });
});
