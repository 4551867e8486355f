/**
 * Scam cases end to end on the local stack (packages/core/src/cases): three reports naming one
 * scammer in other spellings become one proposal; confirming makes one case with exact counts; a
 * fourth is proposed to join it; merge, split, notes, a status change (timeline, audit, the
 * `case.status-changed` event); a report's removal and a reporter's erasure recount the case. Every
 * administrator's step goes through the route table's handlers, every event through the local bus.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Alerts } from "@site/core/alerts";
import { Bus } from "@site/core/bus";
import { Cases, type CaseDetails, type CaseHead, type Proposal } from "@site/core/cases";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Privacy } from "@site/core/privacy";
import { Report } from "@site/core/report";
import type { ReportInput } from "@site/core/report/input";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { handler as getCase } from "../../packages/functions/src/http/admin-case-get";
import { handler as listCases } from "../../packages/functions/src/http/admin-case-list";
import { handler as mergeCase } from "../../packages/functions/src/http/admin-case-merge";
import { handler as addNote } from "../../packages/functions/src/http/admin-case-note";
import { handler as confirmProposal } from "../../packages/functions/src/http/admin-case-proposal-confirm";
import { handler as dismissProposal } from "../../packages/functions/src/http/admin-case-proposal-dismiss";
import { handler as listProposals } from "../../packages/functions/src/http/admin-case-proposals";
import { handler as splitCase } from "../../packages/functions/src/http/admin-case-split";
import { handler as updateCase } from "../../packages/functions/src/http/admin-case-update";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { minimalReport } from "../support/reports";
import { useOwnTable } from "../support/own-table";

const bus = installLocalBus({ retryDelaysMs: [50, 200] });
const run = randomUUID().slice(0, 6);
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;
let clients = 0;

beforeAll(async () => {
  await useOwnTable("scam-cases");
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
});

afterAll(() => bus.idle());

/** A report as POST /api/reports stores and announces it; its subscribers (the proposals among them) run on the local bus. */
async function submit(n: string, extra: Partial<ReportInput>) {
  const meta = metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "198.51.100.60"));
  return Report.submit({ submission: Report.ReportInput.parse(minimalReport(`${run}-${n}`, extra)), client: `198.51.100.${++clients}`, meta });
}

const ok = <T>(res: { statusCode: number; body?: unknown }, status = 200): T => {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
};
const proposals = async () => ok<{ proposals: Proposal[] }>(await admin(listProposals)).proposals;
const caseOf = async (id: string) => ok<CaseDetails>(await admin(getCase, { id }));
const reportItem = async (id: string) => (await db().send(new GetCommand({ TableName: table(), Key: Keys.report(id), ConsistentRead: true }))).Item!;
const audit = async () => ok<{ items: { action: string; target: string; actor: string }[] }>(await admin(auditList, { query: { limit: 100 } })).items;
const ids = (list: { id: string }[]) => list.map((r) => r.id).sort();

/** The acceptance's three spellings, spread so each pair of reports shares one identifier. */
const reports: Record<string, Report.Info> = {};
let caseA: string;

describe("three reports naming one scammer in other words", () => {
  it("are proposed as one case", async () => {
    reports.r1 = await submit("r1", {
      scammer: { company: "Exit Pros LLC", website: "https://www.exitpros.example/claim" },
      moneyLost: true,
      amountLost: 1500,
      publishConsent: true,
    });
    reports.r2 = await submit("r2", {
      scammer: { company: "EXIT PROS, L.L.C." },
      contactMethods: [{ method: "phone", countryCode: "+1", phoneNumber: "(407) 555-0199" }],
      reporter: { fullName: "Ben Ode", email: `r2-${run}@example.com`, city: "Atlanta", state: "GA" },
      moneyLost: true,
      amountLost: 2500,
    });
    reports.r3 = await submit("r3", { scammer: { phone: "+1 407-555-0199", website: "exitpros.example" }, publishConsent: true });
    await bus.idle();
    expect(bus.failures).toEqual([]);
    const [proposal, ...others] = await proposals();
    expect(others).toEqual([]);
    expect(ids(proposal.reports)).toEqual(ids([reports.r1, reports.r2, reports.r3]));
    expect(proposal.caseId).toBeUndefined();
    expect(proposal.identifiers.map((i) => `${i.type}#${i.value}`).sort()).toEqual(["company#exit pros", "domain#exitpros.example", "phone#+14075550199"]);
    for (const r of Object.values(reports)) expect((await reportItem(r.id)).proposalId).toBe(proposal.id);
  });

  it("confirmed, make one case of 3 with exact counts, listed and audited", async () => {
    const [proposal] = await proposals();
    caseA = ok<{ caseId: string }>(await admin(confirmProposal, { method: "POST", id: proposal.id, body: {} })).caseId;
    const { case: head, reports: listed, timeline } = await caseOf(caseA);
    expect(head).toMatchObject({ status: "open", assignee: null, reports: 3, consenting: 2, amountLost: 4000, states: ["FL", "GA"], title: "Exit Pros LLC" });
    expect(head.reference).toMatch(/^CASE-[0-9A-Z]{6}$/);
    expect(listed.map((r) => r.reporterName)).toContain("Ben Ode");
    expect(timeline.map((t) => t.action)).toEqual(["created"]);
    expect(await proposals()).toEqual([]);
    for (const r of Object.values(reports)) {
      const item = await reportItem(r.id);
      expect([item.caseId, item.proposalId]).toEqual([caseA, undefined]);
    }
    const page = ok<{ items: { id: string; reports: number }[]; total: number }>(await admin(listCases, { query: { sort: "reports", order: "desc" } }));
    expect(page.items).toEqual([expect.objectContaining({ id: caseA, reports: 3 })]);
    expect(page.total).toBe(1);
    expect(await audit()).toContainEqual(expect.objectContaining({ action: "case.created", actor: adminEmail, target: `${head.reference}: 3 reports` }));
    // a second confirmation finds nothing to confirm
    expect((await admin(confirmProposal, { method: "POST", id: proposal.id, body: {} })).statusCode).toBe(404);
    // /my-data names the case a report is in
    const r1 = await Report.fromID(reports.r1.id);
    const lines = await Privacy.summaries(await Privacy.storedRecords(r1.reporter.email));
    expect(lines.map((l) => l.label)).toContain(`Scam report ${r1.reference}, in case ${head.reference}`);
  });

  it("a fourth matching report is proposed to join the case, and joins it confirmed", async () => {
    reports.r4 = await submit("r4", { scammer: { email: `claims@exitpros.example` } });
    await bus.idle();
    const [proposal, ...others] = await proposals();
    expect(others).toEqual([]);
    expect(proposal).toMatchObject({ id: caseA, caseId: caseA, reports: [expect.objectContaining({ id: reports.r4.id })] });
    ok(await admin(confirmProposal, { method: "POST", id: proposal.id, body: {} }));
    const { case: head, timeline } = await caseOf(caseA);
    // its reporter did not consent: in the case, not in what may be published
    expect(head).toMatchObject({ reports: 4, consenting: 2 });
    expect(timeline.map((t) => t.action)).toEqual(["created", "reports_added"]);
  });
});

describe("an administrator's changes", () => {
  let caseB: string;

  it("a proposal dismissed frees its reports", async () => {
    const x = await submit("x1", { scammer: { company: "Refund Masters Inc" } });
    const y = await submit("y1", { scammer: { company: "Refund Masters, Inc." } });
    await bus.idle();
    const [proposal] = await proposals();
    expect(ids(proposal.reports)).toEqual(ids([x, y]));
    ok(await admin(dismissProposal, { method: "POST", id: proposal.id, body: {} }));
    expect(await proposals()).toEqual([]);
    expect((await reportItem(x.id)).proposalId).toBeUndefined();
    // a third report naming them proposes them anew, and this time they are confirmed
    reports.r5 = x;
    reports.r6 = y;
    await submit("z1", { scammer: { company: "REFUND MASTERS" } });
    await bus.idle();
    const [again] = await proposals();
    expect(again.reports).toHaveLength(3);
    caseB = ok<{ caseId: string }>(await admin(confirmProposal, { method: "POST", id: again.id, body: {} })).caseId;
    expect((await caseOf(caseB)).case.reports).toBe(3);
  });

  it("merges case B (named by its reference) into A", async () => {
    const b = (await caseOf(caseB)).case;
    expect(ok<{ moved: number }>(await admin(mergeCase, { method: "POST", id: caseA, body: { caseId: b.reference.toLowerCase() } }))).toEqual({ moved: 3 });
    const a = await caseOf(caseA);
    expect(a.case.reports).toBe(7);
    expect(a.timeline.at(-1)).toMatchObject({ action: "merged_in", by: adminEmail });
    const merged = (await caseOf(caseB)).case;
    expect(merged).toMatchObject({ status: "closed", mergedInto: caseA, reports: 0 });
    expect((await reportItem(reports.r5.id)).caseId).toBe(caseA);
    expect(await audit()).toContainEqual(expect.objectContaining({ action: "case.merged" }));
    // merging it again, or into itself, is refused
    expect((await admin(mergeCase, { method: "POST", id: caseB, body: { caseId: caseA } })).statusCode).toBe(409);
    expect((await admin(mergeCase, { method: "POST", id: caseA, body: { caseId: caseA } })).statusCode).toBe(409);
  });

  it("splits reports out of A into a new case", async () => {
    const moving = [reports.r5.id, reports.r6.id];
    const { caseId: caseC } = ok<{ caseId: string }>(await admin(splitCase, { method: "POST", id: caseA, body: { reportIds: moving } }), 201);
    const [a, c] = [await caseOf(caseA), await caseOf(caseC)];
    expect(a.case.reports).toBe(5);
    expect(ids(c.reports)).toEqual([...moving].sort());
    expect(c.case).toMatchObject({ title: "Refund Masters Inc", status: "open" });
    expect(a.timeline.at(-1)).toMatchObject({ action: "split_out" });
    expect(c.timeline.map((t) => t.action)).toEqual(["split_from"]);
    expect((await reportItem(reports.r6.id)).caseId).toBe(caseC);
    // a report not in the case, or every report of it, is refused
    expect((await admin(splitCase, { method: "POST", id: caseC, body: { reportIds: [reports.r1.id] } })).statusCode).toBe(400);
    expect((await admin(splitCase, { method: "POST", id: caseC, body: { reportIds: moving } })).statusCode).toBe(400);
  });

  it("keeps notes on the timeline, audited without their words", async () => {
    ok(await admin(addNote, { method: "POST", id: caseA, body: { text: "Called the Florida AG's office." } }), 201);
    const { timeline } = await caseOf(caseA);
    expect(timeline.at(-1)).toMatchObject({ action: "note", note: "Called the Florida AG's office.", by: adminEmail });
    const entry = (await audit()).find((e) => e.action === "case.note_added")!;
    expect(entry.target).not.toContain("Florida");
  });
});

describe("counts stay exact when reports leave", () => {
  it("a report removed, and a reporter's erasure, recount the case and its alert", async () => {
    const alert = await Alerts.publish({
      caseId: caseA,
      title: "Exit Pros",
      summary: "Owners were asked for an upfront fee.",
      identifiers: [{ type: "company", shown: "Exit Pros LLC" }],
      members: await Cases.members(caseA),
      by: adminEmail,
    });
    await Cases.setAlert(caseA, alert.slug, adminEmail);
    expect((await caseOf(caseA)).timeline.at(-1)).toMatchObject({ action: "alert", by: adminEmail });
    expect(alert.stats.reports).toBe(2);
    expect(await Report.remove(reports.r3.id)).toBe(true);
    await bus.idle();
    let head = (await caseOf(caseA)).case;
    expect(head).toMatchObject({ reports: 4, consenting: 1, amountLost: 4000, alertSlug: alert.slug });
    expect((await Alerts.bySlug(alert.slug, true)).stats.reports).toBe(1);
    expect((await caseOf(caseA)).timeline.at(-1)).toMatchObject({ action: "report_removed", by: "system" });
    await Privacy.eraseRecords(reports.r2.reporter.email);
    await bus.idle();
    expect(bus.failures).toEqual([]);
    head = (await caseOf(caseA)).case;
    expect(head).toMatchObject({ reports: 3, consenting: 1, amountLost: 1500, states: ["FL"] });
    expect((await caseOf(caseA)).reports.map((r) => r.reporterName)).not.toContain("Ben Ode");
  });
});

describe("a proposal whose report is removed", () => {
  it("is unlisted with one report left, that report untouched, and listed again when another joins", async () => {
    const gone = await submit("g1", { scammer: { company: "Gone Away LLC" } });
    const kept = await submit("g2", { scammer: { company: "Gone Away, LLC" } });
    await bus.idle();
    const [proposal] = await proposals();
    expect(ids(proposal.reports)).toEqual(ids([gone, kept]));
    const keptBefore = await reportItem(kept.id);
    expect(await Report.remove(gone.id)).toBe(true);
    await bus.idle();
    expect(await proposals()).toEqual([]);
    expect(await reportItem(kept.id)).toEqual(keptBefore);
    const third = await submit("g3", { scammer: { company: "GONE AWAY L.L.C." } });
    await bus.idle();
    const [again] = await proposals();
    expect([again.id, ids(again.reports)]).toEqual([proposal.id, ids([kept, third])]);
    ok(await admin(dismissProposal, { method: "POST", id: again.id, body: {} }));
  });
});

describe("a status change", () => {
  it("is on the timeline, audited, and published as case.status-changed", async () => {
    await bus.idle();
    // from here the bus only records what it is handed
    const published: { type: string; detail: unknown }[] = [];
    Bus.deliverLocallyWith((envelope) => published.push({ type: envelope["detail-type"], detail: Bus.unwrap(envelope).properties }));
    const changed = ok<CaseHead>(
      await admin(updateCase, { method: "PATCH", id: caseA, body: { status: "investigating", assignee: adminEmail.toUpperCase() } }),
    );
    expect(changed).toMatchObject({ status: "investigating", assignee: adminEmail.toLowerCase() });
    expect(published).toEqual([{ type: "case.status-changed", detail: { caseId: caseA, status: "investigating", previous: "open" } }]);
    const { timeline } = await caseOf(caseA);
    expect(timeline.slice(-2).map((t) => [t.action, t.detail])).toEqual([
      ["status", "Open → Investigating"],
      ["assignee", `Assigned to ${adminEmail.toLowerCase()}`],
    ]);
    const entries = await audit();
    expect(entries).toContainEqual(expect.objectContaining({ action: "case.status_changed", target: expect.stringContaining("open → investigating") }));
    expect(entries).toContainEqual(expect.objectContaining({ action: "case.assigned" }));
    // the same status again changes nothing and publishes nothing
    ok(await admin(updateCase, { method: "PATCH", id: caseA, body: { status: "investigating" } }));
    expect(published).toHaveLength(1);
    // the list filters by status and assignee
    const listed = ok<{ items: { id: string }[] }>(await admin(listCases, { query: { status: "investigating", assignee: adminEmail } }));
    expect(ids(listed.items)).toEqual([caseA]);
    expect(ok<{ items: unknown[] }>(await admin(listCases, { query: { status: "referred" } })).items).toEqual([]);
  });
});
