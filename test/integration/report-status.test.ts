import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Bus } from "@site/core/bus";
import { resetSettings, settings } from "@site/core/config";
import { Cases } from "@site/core/cases";
import { listProposals } from "@site/core/cases/proposal-store";
import { PUBLIC_STATUS_LABELS } from "@site/core/cases/status";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { listOutbox, type OutboxMessage } from "@site/core/mail/outbox";
import { LINKS_PER_REPORT_PER_DAY, REPORT_STATUS_MESSAGES } from "@site/core/report-status";
import { mint } from "@site/core/report-status/token";
import { Suppression } from "@site/core/suppression";
import { handler as reportCreate } from "../../packages/functions/src/http/report-create";
import { handler as linkRoute } from "../../packages/functions/src/http/report-status-link";
import { handler as statusRoute } from "../../packages/functions/src/http/report-status-get";
import { handler as unsubscribeRoute } from "../../packages/functions/src/http/report-status-unsubscribe";
import { handler as caseChanged } from "../../packages/functions/src/events/report-status-case-changed";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent, type Result } from "../support/http";
import { minimalReport } from "../support/reports";
import { scanAll, useOwnTable } from "../support/table-snapshot";

/**
 * The reporter follows their report (issue 41, item 4): a status link e-mailed for a right reference
 * and address only, with the same answer for every pair; the page it opens; the case's public status
 * once the report is in a case; one e-mail per status change to each reporter who asked for updates,
 * and a one-click unsubscribe that stops them.
 */
const bus = installLocalBus();
const run = crypto.randomUUID().slice(0, 8);
const ADMIN = "admin@example.org";
let ip = 0;
const nextIp = () => `10.41.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  await useOwnTable("report-status");
  // one machine asks for every link: the per-client limit is tested by the rate-limit harnesses
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
  resetSettings();
});

interface Filed {
  reportId: string;
  reference: string;
  email: string;
}

async function fileReport(tag: string, opts: { wantUpdates: boolean; company?: string }): Promise<Filed> {
  const body = minimalReport(tag, { wantUpdates: opts.wantUpdates, scammer: { company: opts.company ?? `Lone Scam ${tag} ${run}` } });
  const res = await call(reportCreate, httpEvent({ method: "POST", body, sourceIp: nextIp() }));
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  // its proposal made before the next report's (cases/proposals.ts, on report.created)
  await bus.idle();
  return { ...(res.body as { reportId: string; reference: string }), email: body.reporter.email };
}

const askLink = (reference: string, email: string, headers: Record<string, string> = {}) =>
  call(linkRoute, httpEvent({ method: "POST", body: { reference, email }, sourceIp: nextIp(), headers }));
const statusOf = (token: string): Promise<Result> => call(statusRoute, httpEvent({ method: "GET", pathParameters: { token }, sourceIp: nextIp() }));

const mailsTo = async (address: string, subject?: string): Promise<OutboxMessage[]> =>
  (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address) && (subject === undefined || m.subject === subject));
const linkSubject = (reference: string) => `The status of your report ${reference}`;
const newsSubject = (reference: string) => `News of your report ${reference}`;

/** The token of the status link in an e-mail. */
function tokenIn(mail: OutboxMessage): string {
  const match = /\/report-status\/([A-Za-z0-9_-]{43})\b/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1];
}

/** Reports naming one company are proposed together (cases/proposals.ts); the proposal holding all of `reports`, confirmed. */
async function caseOf(reports: Filed[]): Promise<string> {
  await bus.idle();
  const ids = reports.map((r) => r.reportId);
  const { proposals } = await listProposals();
  const proposal = proposals.find((p) => ids.every((id) => p.reports.some((r) => r.id === id)));
  expect(proposal, JSON.stringify(proposals)).toBeDefined();
  const { caseId } = await Cases.confirm(proposal!.id, ADMIN);
  return caseId;
}

describe("asking for a status link", () => {
  it("mails a link for a right pair, typed in any case and spacing, and the link shows the report's status only", async () => {
    const report = await fileReport("right", { wantUpdates: false });
    const typed = report.reference.toLowerCase().replace(/-/g, " ");
    const res = await askLink(typed, `  ${report.email.toUpperCase()} `);
    expect([res.statusCode, res.body]).toEqual([202, { status: "sent" }]);
    await bus.idle();
    const mails = await mailsTo(report.email, linkSubject(report.reference));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).not.toContain("Ana Lima");

    const page = await statusOf(tokenIn(mails[0]));
    expect(page.statusCode).toBe(200);
    expect(page.headers?.["cache-control"]).toBe("no-store");
    // the reference, the public status and the date: never the reporter's name, address or words
    expect(page.body).toEqual({ reference: report.reference, status: "Received", createdAt: expect.any(String), updates: false });
    expect(JSON.stringify(page.body)).not.toMatch(/Ana|Lima|Orlando|@|transfer fee/);
  });

  it("answers a wrong reference and a wrong address exactly as a right pair, and mails nothing for them", async () => {
    const report = await fileReport("pairs", { wantUpdates: true });
    const other = await fileReport("other", { wantUpdates: false });
    const unknownReference = "TSR-0000-0000";
    const right = await askLink(report.reference, report.email);
    const wrongReference = await askLink(unknownReference, report.email);
    const wrongAddress = await askLink(report.reference, `someone-else-${run}@example.com`);
    // another report's reference with this reporter's address: a real reference and a real address, not a pair
    const crossed = await askLink(other.reference, report.email);
    for (const answer of [wrongReference, wrongAddress, crossed])
      expect({ status: answer.statusCode, body: answer.body }).toEqual({ status: right.statusCode, body: right.body });
    await bus.idle();
    expect(await mailsTo(report.email, linkSubject(report.reference))).toHaveLength(1);
    expect(await mailsTo(report.email, linkSubject(other.reference))).toHaveLength(0);
    expect(await mailsTo(other.email, linkSubject(other.reference))).toHaveLength(0);
    expect(await mailsTo(`someone-else-${run}@example.com`)).toHaveLength(0);
  });

  it(`sends at most ${LINKS_PER_REPORT_PER_DAY} links a day for one report, answering every request alike`, async () => {
    const report = await fileReport("allowance", { wantUpdates: false });
    for (let i = 0; i < LINKS_PER_REPORT_PER_DAY + 2; i++) expect((await askLink(report.reference, report.email)).statusCode).toBe(202);
    await bus.idle();
    expect(await mailsTo(report.email, linkSubject(report.reference))).toHaveLength(LINKS_PER_REPORT_PER_DAY);
  });

  it("mails one link when the page retries its request with its idempotency key", async () => {
    const report = await fileReport("retried", { wantUpdates: false });
    const key = crypto.randomUUID().replace(/-/g, "");
    for (let i = 0; i < 2; i++) expect((await askLink(report.reference, report.email, { "idempotency-key": key })).statusCode).toBe(202);
    await bus.idle();
    expect(await mailsTo(report.email, linkSubject(report.reference))).toHaveLength(1);
  });

  it("refuses a malformed reference or address with the field's message (which says nothing of any report)", async () => {
    const bad = await askLink("not a reference", "ana@example.com");
    expect([bad.statusCode, bad.body.fields]).toEqual([400, { reference: REPORT_STATUS_MESSAGES.badReference }]);
    const noEmail = await askLink("TSR-0000-0000", "nobody");
    expect([noEmail.statusCode, noEmail.body.fields]).toEqual([400, { email: REPORT_STATUS_MESSAGES.badEmail }]);
  });
});

describe("the status link", () => {
  it("is a 404 when unknown or not a token, a 410 once expired, each saying to ask again", async () => {
    const report = await fileReport("expired", { wantUpdates: false });
    for (const token of ["A".repeat(43), "not-a-token", "x".repeat(300)]) {
      expect([(await statusOf(token)).statusCode, (await statusOf(token)).body]).toEqual([404, { error: REPORT_STATUS_MESSAGES.invalidLink }]);
    }
    const old = await mint(report.reportId, Date.now() - 25 * 3600_000);
    expect([(await statusOf(old)).statusCode, (await statusOf(old)).body]).toEqual([410, { error: REPORT_STATUS_MESSAGES.expiredLink }]);
    const fresh = await mint(report.reportId);
    expect((await statusOf(fresh)).statusCode).toBe(200);
  });

  it("shows the case's reference and public status once the report is in a case, and the new status after a change", async () => {
    const company = `Exit Pros ${run}`;
    const first = await fileReport("case-a", { wantUpdates: false, company });
    const second = await fileReport("case-b", { wantUpdates: false, company: `${company.toUpperCase()}, L.L.C.` });
    const token = await mint(first.reportId);
    expect((await statusOf(token)).body.case).toBeUndefined();

    const caseId = await caseOf([first, second]);
    const head = (await Cases.find(caseId))!;
    expect((await statusOf(token)).body).toEqual({
      reference: first.reference,
      status: "Received",
      createdAt: expect.any(String),
      case: { reference: head.reference, status: PUBLIC_STATUS_LABELS.open },
      updates: false,
    });
    await Cases.update(caseId, { status: "referred" }, ADMIN);
    expect((await statusOf(token)).body.case).toEqual({ reference: head.reference, status: PUBLIC_STATUS_LABELS.referred });
  });

  it("finds nothing once its report is erased", async () => {
    const report = await fileReport("erased", { wantUpdates: false });
    const token = await mint(report.reportId);
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.report(report.reportId) }));
    expect([(await statusOf(token)).statusCode, (await statusOf(token)).body]).toEqual([404, { error: REPORT_STATUS_MESSAGES.invalidLink }]);
  });
});

describe("a case's status change", () => {
  const company = `Refund Recovery ${run}`;
  let asked: Filed;
  let alsoAsked: Filed;
  let silent: Filed;
  let suppressed: Filed;
  let caseId: string;

  beforeAll(async () => {
    asked = await fileReport("asked", { wantUpdates: true, company });
    alsoAsked = await fileReport("also-asked", { wantUpdates: true, company });
    silent = await fileReport("silent", { wantUpdates: false, company });
    suppressed = await fileReport("suppressed", { wantUpdates: true, company });
    caseId = await caseOf([asked, alsoAsked, silent, suppressed]);
    // SES said this address complained: the mailer leaves it out, whoever sends
    await Suppression.suppress("complaint", { address: suppressed.email, kind: "report-confirmation", at: new Date().toISOString() });
  });

  it("mails each reporter who asked for updates once, with one-click unsubscribe, and no one else", async () => {
    await Cases.update(caseId, { status: "investigating" }, ADMIN);
    await bus.idle();
    for (const r of [asked, alsoAsked]) {
      const news = await mailsTo(r.email, newsSubject(r.reference));
      expect(news, r.email).toHaveLength(1);
      expect(news[0].text).toContain(PUBLIC_STATUS_LABELS.investigating);
      expect(news[0].headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(news[0].headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/api\/report-status\/unsubscribe\?r=[0-9a-z]{21}&t=[A-Za-z0-9_-]{43}>$/);
    }
    expect(await mailsTo(silent.email, newsSubject(silent.reference))).toHaveLength(0);
    expect(await mailsTo(suppressed.email, newsSubject(suppressed.reference))).toHaveLength(0);
  });

  it("sends nothing more when the event is delivered again, even past its subscriber's marker", async () => {
    // the event's id, from the sent marker of its e-mail to this reporter (`<event id>.<report id>`)
    const items = await scanAll();
    const sent = items.find((item) => String(item.pk).startsWith("EFFECT#report-status-change#") && String(item.pk).endsWith(`.${asked.reportId}`));
    expect(sent).toBeDefined();
    const eventId = String(sent!.pk).slice("EFFECT#report-status-change#".length, -`.${asked.reportId}`.length);
    const marker = items.find((item) => item.pk === `EFFECT#report-status-case-changed#${eventId}`);
    expect(marker).toBeDefined();
    const redelivery = Bus.envelope("case.status-changed", { caseId, status: "investigating", previous: "open" }, eventId);
    await caseChanged(redelivery);
    // the subscriber's own marker gone (an attempt that died before writing it): the deliveries' markers still hold
    await db().send(new DeleteCommand({ TableName: table(), Key: { pk: marker!.pk, sk: marker!.sk } }));
    await caseChanged(redelivery);
    await bus.idle();
    for (const r of [asked, alsoAsked]) expect(await mailsTo(r.email, newsSubject(r.reference)), r.email).toHaveLength(1);
  });

  it("stops for a reporter who unsubscribes in one click, and only for them", async () => {
    const [news] = await mailsTo(asked.email, newsSubject(asked.reference));
    const oneClick = new URL(/^<(.+)>$/.exec(news.headers!["List-Unsubscribe"])![1]);
    const query = Object.fromEntries(oneClick.searchParams);
    const post = (q: Record<string, string>) =>
      call(
        unsubscribeRoute,
        httpEvent({
          method: "POST",
          queryStringParameters: q,
          rawBody: "List-Unsubscribe=One-Click",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      );
    expect([(await post({ ...query, t: "A".repeat(43) })).statusCode]).toEqual([403]);
    expect((await post(query)).body).toEqual({ status: "unsubscribed" });
    expect((await post(query)).body).toEqual({ status: "already_unsubscribed" });

    await Cases.update(caseId, { status: "referred" }, ADMIN);
    await bus.idle();
    expect(await mailsTo(asked.email, newsSubject(asked.reference))).toHaveLength(1);
    const again = await mailsTo(alsoAsked.email, newsSubject(alsoAsked.reference));
    expect(again).toHaveLength(2);
    expect(again.map((m) => m.text).join("\n")).toContain(PUBLIC_STATUS_LABELS.referred);
    // the status page says so too
    expect((await statusOf(await mint(asked.reportId))).body.updates).toBe(false);
    expect((await statusOf(await mint(alsoAsked.reportId))).body.updates).toBe(true);
  });
});
