/**
 * Public scam alerts end to end (packages/core/src/alerts): four reports naming one scammer in other
 * spellings become a case; an administrator publishes it as an alert through the route's handler;
 * the public finds it by a phone, a company and a website in any spelling, with only the consenting
 * reports counted and nothing any reporter wrote; the figures are recounted, never edited; a company's
 * correction request is stored, shown to the administrators and erased with its sender; the lookups
 * are counted by day without what was typed.
 */
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Alerts } from "@site/core/alerts";
import { Cases, type Proposal } from "@site/core/cases";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Privacy } from "@site/core/privacy";
import { Report } from "@site/core/report";
import type { ReportInput } from "@site/core/report/input";
import { metaDetails } from "@site/core/request/meta-details";
import { fromHeaders } from "@site/core/request/metadata";
import { withoutCaptchaMeta } from "@site/core/request/security-headers";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { handler as confirmProposal } from "../../packages/functions/src/http/admin-case-proposal-confirm";
import { handler as listProposals } from "../../packages/functions/src/http/admin-case-proposals";
import { handler as listRecords } from "../../packages/functions/src/http/admin-record-list";
import { handler as adminGet } from "../../packages/functions/src/http/admin-scam-alert-get";
import { handler as adminList } from "../../packages/functions/src/http/admin-scam-alert-list";
import { handler as adminLookups } from "../../packages/functions/src/http/admin-scam-alert-lookups";
import { handler as publish } from "../../packages/functions/src/http/admin-scam-alert-publish";
import { handler as update } from "../../packages/functions/src/http/admin-scam-alert-update";
import { handler as correction } from "../../packages/functions/src/http/public-scam-alert-correction";
import { handler as publicGet } from "../../packages/functions/src/http/public-scam-alert-get";
import { handler as publicList } from "../../packages/functions/src/http/public-scam-alert-list";
import { handler as page } from "../../packages/functions/src/http/public-scam-alert-page";
import { handler as sitemap } from "../../packages/functions/src/http/public-scam-alert-sitemap";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { call, httpEvent, type Result } from "../support/http";
import { useOwnTable } from "../support/own-table";
import { minimalReport } from "../support/reports";

const bus = installLocalBus({ retryDelaysMs: [50, 200] });
const run = randomUUID().slice(0, 6);
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;
let clients = 0;

beforeAll(async () => {
  await useOwnTable("scam-alerts");
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => bus.idle());

const ok = <T>(res: { statusCode: number; body?: unknown }, status = 200): T => {
  expect(res.statusCode, JSON.stringify(res.body)).toBe(status);
  return res.body as T;
};

/** A report as POST /api/reports stores and announces it (the case proposal follows on the local bus). */
async function submit(n: string, extra: Partial<ReportInput>) {
  const meta = metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "198.51.100.60"));
  return Report.submit({ submission: Report.ReportInput.parse(minimalReport(`${run}-${n}`, extra)), client: `198.51.100.${++clients}`, meta });
}

/** Every public answer of this file, to prove no reporter's words are in any of them. */
const publicAnswers: string[] = [];
const lookups = { found: 0, missed: 0 };
async function lookup(q: string): Promise<Alerts.PublicAlert[]> {
  const res = await call(publicList, httpEvent({ path: "/api/public/scam-alerts", queryStringParameters: { q } }));
  publicAnswers.push(JSON.stringify(res.body));
  const { alerts } = ok<Alerts.LookupAnswer>(res);
  lookups[alerts.length ? "found" : "missed"]++;
  expect(res.headers?.["cache-control"]).toBe("public, max-age=60, s-maxage=60");
  expect(res.headers?.["access-control-allow-origin"]).toBe("*");
  return alerts;
}
async function publicAlert(slug: string): Promise<Result> {
  const res = await call(publicGet, httpEvent({ path: `/api/public/scam-alerts/${slug}`, pathParameters: { slug } }));
  publicAnswers.push(JSON.stringify(res.body));
  return res;
}
async function publishedList(): Promise<Alerts.PublishedPage> {
  const res = await call(publicList, httpEvent({ path: "/api/public/scam-alerts" }));
  publicAnswers.push(JSON.stringify(res.body));
  return ok<Alerts.PublishedPage>(res);
}
const audit = async () => ok<{ items: { action: string; target: string; actor: string }[] }>(await admin(auditList, { query: { limit: 100 } })).items;

const reports: Record<string, Report.Info> = {};
let caseId: string;
let slug: string;

describe("a case of four reports, one of them without the reporter's consent", () => {
  it("is proposed and confirmed as one case", async () => {
    reports.r1 = await submit("r1", {
      scammer: { company: "Exit Pros LLC", website: "https://www.exitpros.example/claim" },
      scamTypes: [{ type: "upfront_fees", amount: 1500, promisedServices: "A buyer within 30 days" }],
      moneyLost: true,
      amountLost: 1500,
      publishConsent: true,
    });
    reports.r2 = await submit("r2", {
      reporter: { fullName: "Ben Ode", email: `r2-${run}@example.com`, city: "Atlanta", state: "GA" },
      scammer: { company: "EXIT PROS, L.L.C." },
      contactMethods: [{ method: "phone", countryCode: "+1", phoneNumber: "(407) 555-0199" }],
      moneyLost: true,
      amountLost: 25_000,
      publishConsent: true,
    });
    reports.r3 = await submit("r3", {
      reporter: { fullName: "Cleo Marsh", email: `r3-${run}@example.com`, city: "Austin", state: "TX" },
      scammer: { phone: "+1 407-555-0199", website: "exitpros.example" },
      publishConsent: true,
    });
    reports.r4 = await submit("r4", {
      reporter: { fullName: "Dora Quill", email: `r4-${run}@example.com`, city: "Reno", state: "NV" },
      scammer: { email: "claims@exitpros.example" },
      moneyLost: true,
      amountLost: 900,
    });
    await bus.idle();
    expect(bus.failures).toEqual([]);
    const { proposals } = ok<{ proposals: Proposal[] }>(await admin(listProposals));
    expect(proposals).toHaveLength(1);
    caseId = ok<{ caseId: string }>(await admin(confirmProposal, { method: "POST", id: proposals[0].id, body: {} })).caseId;
    expect((await Cases.members(caseId)).map((m) => m.reportId).sort()).toEqual(
      Object.values(reports)
        .map((r) => r.id)
        .sort(),
    );
  });
});

describe("publishing the case as an alert", () => {
  const body = {
    title: "Exit Pros LLC",
    summary: "Owners were promised a buyer, then asked for a closing fee upfront.",
    identifiers: [
      { type: "company", shown: "Exit Pros LLC" },
      { type: "phone", shown: "(407) 555-0199" },
      { type: "domain", shown: "https://www.exitpros.example/claim" },
    ],
  };

  it("refuses identifiers it cannot read, naming each", async () => {
    const res = await admin(publish, {
      method: "POST",
      id: caseId,
      body: {
        ...body,
        identifiers: [
          { type: "phone", shown: "call me" },
          { type: "domain", shown: "gmail.com" },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(["identifiers.0.shown", "identifiers.1.shown"]);
    expect((await admin(publish, { method: "POST", id: "0".repeat(21), body })).statusCode).toBe(404);
  });

  it("counts only the consenting reports, audited, and the case knows its alert", async () => {
    const alert = ok<Alerts.Alert & { public: Alerts.PublicAlert }>(await admin(publish, { method: "POST", id: caseId, body }), 201);
    slug = alert.slug;
    expect(slug).toBe("exit-pros-llc");
    expect(alert).toMatchObject({ caseId, published: true, title: body.title, summary: body.summary, updatedBy: adminEmail });
    expect(alert.identifiers).toEqual([
      { type: "company", value: "exit pros", shown: "Exit Pros LLC" },
      { type: "phone", value: "+14075550199", shown: "(407) 555-0199" },
      { type: "domain", value: "exitpros.example", shown: "https://www.exitpros.example/claim" },
    ]);
    expect(alert.stats).toMatchObject({
      reports: 3,
      states: { FL: 1, GA: 1, TX: 1 },
      scamTypes: { upfront_fees: 1, other: 2 },
      amountRanges: { "under $1,000": 0, "$1,000\u2013$4,999": 1, "$20,000 and more": 1, none: 1 },
    });
    expect(alert.stats.states.NV).toBeUndefined();
    expect((await Cases.find(caseId))?.alertSlug).toBe(slug);
    expect(await audit()).toContainEqual(expect.objectContaining({ action: "scam_alert.published", actor: adminEmail, target: expect.stringContaining(slug) }));
    // the case has its alert: publishing it again is refused
    expect((await admin(publish, { method: "POST", id: caseId, body })).statusCode).toBe(409);
    // the core's publish of the same case (a retry after a failure) answers the alert it has
    expect((await Alerts.publish({ caseId, ...body, members: [], by: adminEmail })).slug).toBe(slug);
  });

  it("gives another alert of the same title its own slug", async () => {
    const other = await Alerts.publish({
      caseId: "0".repeat(20) + "x",
      title: "Exit Pros LLC",
      summary: "Another case.",
      identifiers: [{ type: "company", shown: "Exit Pros Holdings" }],
      members: [],
      by: adminEmail,
    });
    expect(other.slug).toBe("exit-pros-llc-2");
    ok(await admin(update, { method: "PATCH", params: { slug: other.slug }, body: { published: false } }));
  });
});

describe("the public lookup", () => {
  it("finds the alert by a phone, a company and a website in any spelling, with its 3 reports", async () => {
    for (const q of [
      "407-555-0199",
      "Exit Pros LLC",
      "exitpros.example",
      "+1 (407) 555-0199",
      "EXIT PROS, L.L.C.",
      "https://exitpros.example/refunds",
      "exit pros",
    ]) {
      const alerts = await lookup(q);
      expect(
        alerts.map((a) => a.slug),
        q,
      ).toEqual([slug]);
      expect(alerts[0].stats.reports, q).toBe(3);
    }
  });

  it("finds nothing for a company no alert names, or an unpublished one", async () => {
    expect(await lookup("Honest Timeshare Exit Co")).toEqual([]);
    expect(await lookup("Exit Pros Holdings")).toEqual([]);
    const res = await call(publicList, httpEvent({ path: "/api/public/scam-alerts", queryStringParameters: { q: "x" } }));
    expect(res.statusCode).toBe(400);
  });

  it("serves the alert, and the published list without the unpublished one", async () => {
    const one = ok<Alerts.PublicAlert>(await publicAlert(slug));
    expect(one).toMatchObject({ slug, title: "Exit Pros LLC", stats: { reports: 3 }, url: `http://localhost:3000/scam-alerts/${slug}` });
    expect(Object.keys(one).sort()).toEqual(["identifiers", "publishedAt", "slug", "stats", "summary", "title", "updatedAt", "url"]);
    expect(one.identifiers).toEqual([
      { type: "company", shown: "Exit Pros LLC" },
      { type: "phone", shown: "(407) 555-0199" },
      { type: "domain", shown: "https://www.exitpros.example/claim" },
    ]);
    const missing = await publicAlert("exit-pros-llc-2");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers?.["cache-control"]).toBe("public, max-age=10, s-maxage=10");
    expect((await publicAlert("Not A Slug")).statusCode).toBe(404);
    expect((await publishedList()).alerts.map((a) => a.slug)).toEqual([slug]);
  });

  it("serves the alert's page with its tags, its data and reCAPTCHA allowed, and lists it in the sitemap", async () => {
    const shell = `<!doctype html><html><head>\n    ${withoutCaptchaMeta()}\n<title>Shell</title></head><body><div id="root"></div></body></html>`;
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(shell, { status: 200 }));
    const res = (await page(httpEvent({ path: `/scam-alerts/${slug}`, pathParameters: { slug } }), {} as never)) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Scam alert: Exit Pros LLC | ");
    expect(res.body).toContain(`<link rel="canonical" href="http://localhost:3000/scam-alerts/${slug}" />`);
    expect(res.body).toContain('content="http://localhost:3000/share-images/scam-alert.jpg"');
    expect(res.body).not.toContain(withoutCaptchaMeta());
    const data = /<script type="application\/json" id="scam-alert-data">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(data!)).toMatchObject({ slug, stats: { reports: 3 } });
    publicAnswers.push(res.body);
    const gone = (await page(httpEvent({ path: "/scam-alerts/nothing-here", pathParameters: { slug: "nothing-here" } }), {} as never)) as {
      statusCode: number;
      body: string;
    };
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<meta name="robots" content="noindex" />');

    const xml = (await sitemap(httpEvent({ path: "/sitemaps/scam-alerts.xml", pathParameters: { name: "scam-alerts.xml" } }), {} as never)) as {
      statusCode: number;
      body: string;
    };
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(`<loc>http://localhost:3000/scam-alerts/${slug}</loc>`);
    expect(xml.body).not.toContain("exit-pros-llc-2");
    const other = (await sitemap(httpEvent({ path: "/sitemaps/other.xml", pathParameters: { name: "other.xml" } }), {} as never)) as { statusCode: number };
    expect(other.statusCode).toBe(404);
  });
});

describe("an administrator's changes", () => {
  it("change the words and the identifiers, audited; unpublishing takes the alert off every public answer", async () => {
    const changed = ok<Alerts.Alert>(
      await admin(update, {
        method: "PATCH",
        params: { slug },
        body: {
          title: "Exit Pros",
          identifiers: [
            { type: "company", shown: "Exit Pros" },
            { type: "phone", shown: "407 555 0199" },
          ],
        },
      }),
    );
    expect(changed).toMatchObject({ slug, title: "Exit Pros", version: 2 });
    expect(await lookup("exitpros.example")).toEqual([]);
    expect((await lookup("(407) 555-0199")).map((a) => a.title)).toEqual(["Exit Pros"]);
    expect(await audit()).toContainEqual(
      expect.objectContaining({ action: "scam_alert.updated", target: expect.stringContaining('title "Exit Pros LLC" → "Exit Pros"') }),
    );

    ok(await admin(update, { method: "PATCH", params: { slug }, body: { published: false } }));
    expect(await lookup("Exit Pros")).toEqual([]);
    expect((await publicAlert(slug)).statusCode).toBe(404);
    expect((await publishedList()).alerts).toEqual([]);
    // the administrators still see it
    expect(ok<{ alerts: Alerts.Alert[] }>(await admin(adminList)).alerts.map((a) => [a.slug, a.published])).toEqual([
      ["exit-pros-llc-2", false],
      [slug, false],
    ]);

    ok(
      await admin(update, {
        method: "PATCH",
        params: { slug },
        body: {
          published: true,
          identifiers: [
            { type: "company", shown: "Exit Pros LLC" },
            { type: "phone", shown: "(407) 555-0199" },
            { type: "domain", shown: "exitpros.example" },
          ],
        },
      }),
    );
    expect((await lookup("exitpros.example")).map((a) => a.slug)).toEqual([slug]);
    expect((await publishedList()).alerts.map((a) => a.slug)).toEqual([slug]);
    expect((await admin(update, { method: "PATCH", params: { slug }, body: {} })).statusCode).toBe(400);
    expect((await admin(update, { method: "PATCH", params: { slug: "no-such-alert" }, body: { published: true } })).statusCode).toBe(404);
  });
});

describe("the figures", () => {
  it("are recounted from the members, never edited", async () => {
    const members = await Cases.members(caseId);
    await Alerts.refresh(
      slug,
      members.filter((m) => m.reportId !== reports.r3.id),
    );
    expect(ok<Alerts.PublicAlert>(await publicAlert(slug)).stats).toMatchObject({ reports: 2, states: { FL: 1, GA: 1 } });
    await Alerts.refresh(slug, members);
    expect(ok<Alerts.PublicAlert>(await publicAlert(slug)).stats.reports).toBe(3);
    await expect(Alerts.refresh("no-such-alert", members)).rejects.toBeInstanceOf(Alerts.AlertNotFound);
  });

  it("drop by one when a consenting reporter's data is erased", async () => {
    await Privacy.eraseRecords(reports.r2.reporter.email);
    await bus.idle();
    expect(bus.failures).toEqual([]);
    const alert = ok<Alerts.PublicAlert>(await publicAlert(slug));
    expect(alert.stats).toMatchObject({ reports: 2, states: { FL: 1, TX: 1 } });
    expect(alert.stats.amountRanges["$20,000 and more"]).toBe(0);
  });
});

describe("a company's correction request", () => {
  const email = `legal-${run}@exitpros.example`;
  const request = { company: "Exit Pros LLC", fullName: "Lee Counsel", email, message: "We are a different company with a similar name." };
  const post = (to: string, body: unknown, headers: Record<string, string> = {}) =>
    call(
      correction,
      httpEvent({ method: "POST", path: `/api/public/scam-alerts/${to}/corrections`, pathParameters: { slug: to }, body, sourceIp: "203.0.113.9", headers }),
    );

  it("is stored and shown to the administrators beside the alert, never to the public", async () => {
    const { id } = ok<{ id: string }>(await post(slug, request), 201);
    const seen = ok<{ alert: Alerts.Alert; corrections: Alerts.Correction[] }>(await admin(adminGet, { params: { slug } }));
    expect(seen.alert.slug).toBe(slug);
    expect(seen.corrections).toEqual([expect.objectContaining({ id, alertSlug: slug, ...request })]);
    // the generic list of the kind lists it too
    const rows = ok<{ items: { id: string }[] }>(await admin(listRecords, { params: { kind: "scamAlertCorrection" } }));
    expect(rows.items.map((r) => r.id)).toEqual([id]);
    expect(JSON.stringify(ok(await publicAlert(slug)))).not.toContain("Lee Counsel");
  });

  it("is refused for an unknown or unpublished alert, or without its fields", async () => {
    expect((await post("exit-pros-llc-2", request)).statusCode).toBe(404);
    expect((await post("no-such-alert", request)).statusCode).toBe(404);
    const bad = await post(slug, { ...request, email: "nope", message: "short" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(["email", "message"]);
  });

  it("is stored once when the page retries it with its idempotency key, and answered with the first attempt's id", async () => {
    const before = ok<{ corrections: { id: string }[] }>(await admin(adminGet, { params: { slug } })).corrections.length;
    const key = randomUUID().replace(/-/g, "");
    const retried = { ...request, message: "Sent again by the page after a timeout." };
    const first = ok<{ id: string }>(await post(slug, retried, { "idempotency-key": key }), 201);
    const again = ok<{ id: string }>(await post(slug, retried, { "idempotency-key": key }), 201);
    expect(again.id).toBe(first.id);
    const after = ok<{ corrections: { id: string }[] }>(await admin(adminGet, { params: { slug } })).corrections;
    expect(after).toHaveLength(before + 1);
  });

  it("is erased with its sender", async () => {
    await Privacy.eraseRecords(email);
    expect(ok<{ corrections: unknown[] }>(await admin(adminGet, { params: { slug } })).corrections).toEqual([]);
  });
});

describe("what the public sees", () => {
  it("holds no reporter's name, address, e-mail, reference, id or words in any answer", () => {
    const text = publicAnswers.join("\n");
    expect(publicAnswers.length).toBeGreaterThan(20);
    const secrets = Object.values(reports).flatMap((r) => [r.reporter.fullName, r.reporter.email, r.reporter.city, r.reference, r.id]);
    for (const secret of [...secrets, caseId, "They asked for a transfer fee.", "A buyer within 30 days", "Orlando", "claims@exitpros.example"])
      expect(text, secret).not.toContain(secret);
  });
});

describe("the lookups' counts", () => {
  it("count found and not found by day, the alerts most looked up, and never what was typed", async () => {
    const report = await Alerts.lookupReport(2);
    expect(report.totals).toEqual(lookups);
    expect(report.days.at(-1)).toMatchObject(lookups);
    expect(report.alerts).toEqual([{ slug, title: "Exit Pros", published: true, lookups: lookups.found }]);
    expect(ok(await admin(adminLookups, { query: { days: 2 } }))).toEqual(report);
    expect((await admin(adminLookups, { query: { days: 0 } })).statusCode).toBe(400);

    const items = (
      await db().send(
        new QueryCommand({ TableName: table(), KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": Keys.scamAlertLookupsPartition } }),
      )
    ).Items!;
    expect(items.length).toBe(2);
    const stored = JSON.stringify(items);
    for (const typed of ["Honest", "honest timeshare", "Holdings", "555-0199", "EXIT PROS"]) expect(stored).not.toContain(typed);
  });
});
