/**
 * The administrators' subscriber list, through the handlers of the route table: the
 * list with its filters, search, sorts and pages over every row, the count cards, the CSV export
 * pages (audited), the manual unsubscribe and the deletion (audited, nothing left behind). Seeded
 * subscribers go straight into the table (`subscriberItems`); a few come through
 * `Newsletter.subscribe`, proving the write path feeds the index. An unconfirmed subscriber past its
 * TTL, which DynamoDB has not deleted yet, is never listed, counted, exported or touched.
 */
import { auditedPerson } from "@site/core/db/person-index";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Bus } from "@site/core/bus";
import { putAll } from "@site/core/db/batch";
import { db, table } from "@site/core/db/client";
import { SubscriberListing } from "@site/core/newsletter/listing";
import { Keys } from "@site/core/db/keys";
import { Newsletter } from "@site/core/newsletter";
import { SUBSCRIBER_CSV_COLUMNS, subscriberCells, subscribersCsv, type SubscriberRow } from "@site/core/newsletter/record";
import { indexKey } from "@site/core/newsletter/index-item";
import { recount } from "@site/core/newsletter/counts";
import { SOURCE_GROUPS, sourceGroupsOf, type SourceGroup } from "@site/core/newsletter/sources";
import { hashToken, newToken } from "@site/core/util/token";
import { handler as listSubscribers } from "../../packages/functions/src/http/admin-newsletter-list";
import { handler as summary } from "../../packages/functions/src/http/admin-newsletter-summary";
import { handler as exportSubscribers } from "../../packages/functions/src/http/admin-newsletter-export";
import { handler as unsubscribe } from "../../packages/functions/src/http/admin-newsletter-unsubscribe";
import { handler as remove } from "../../packages/functions/src/http/admin-newsletter-delete";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { routes, routeKey } from "../../packages/functions/src/routes";
import { runPool } from "../../scripts/bench/report";
import { adminClaims, asAdmin } from "../support/admin";
import { badRequestsFor, describeRequest, type BodyModel } from "../support/bad-requests";
import { nameOf } from "../support/fixtures";
import { rawRequest, startLocalApi } from "../support/local-api";
import { useOwnTable } from "../support/table-snapshot";
import { signIn } from "../support/tokens";

let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;

const HOUR = 3_600_000;
const START = Date.UTC(2025, 0, 1, 15);
const iso = (ms: number) => new Date(ms).toISOString();
const future = () => Math.floor(Date.now() / 1000) + 30 * 86_400;

const SOURCES = ["petition:timeshare-reform", "scam-report", "lead:checklist", "lead:before-you-sign"];
const STATUS_CYCLE = ["confirmed", "unconfirmed", "unsubscribed"] as const;
const BULK = 24;

/** A stored subscriber as the lead's store would have written it. */
function subscriber(
  email: string,
  status: Newsletter.Status,
  consents: Newsletter.Consent[],
  extra: Partial<Newsletter.Subscriber> = {},
): Newsletter.Subscriber {
  const last = consents.at(-1)!.at;
  return {
    email,
    emailNormalized: email.toLowerCase(),
    name: "Owner Seeded",
    status,
    consents,
    createdAt: consents[0].at,
    source: consents[0].source,
    consentAt: consents[0].at,
    rev: 1,
    ...(status === "confirmed" || status === "unsubscribed" ? { confirmedAt: iso(Date.parse(last) + HOUR), unsubscribeToken: newToken() } : {}),
    ...(status === "unsubscribed" ? { unsubscribedAt: iso(Date.parse(last) + 2 * HOUR) } : {}),
    ...(status === "unconfirmed" ? { expiresAt: future() } : {}),
    ...extra,
  };
}

const bulk = Array.from({ length: BULK }, (_, i) =>
  subscriber(`bulk-${i}@example.com`, STATUS_CYCLE[i % 3], [{ source: SOURCES[i % 4], at: iso(START + i * HOUR) }], { name: `Owner ${nameOf(i)}` }),
);
const multi = subscriber(
  "Multi.Consent@Example.com",
  "confirmed",
  [
    { source: "petition:timeshare-reform", at: "2025-02-01T10:00:00.000Z" },
    { source: "lead:checklist", at: "2025-02-02T11:30:00.000Z" },
    { source: "unsubscribe-page", at: "2025-02-03T12:45:00.000Z" },
  ],
  { emailNormalized: "multi.consent@example.com", name: "Marta Multi", confirmedAt: "2025-02-01T10:05:00.000Z" },
);
const expired = subscriber("expired@example.com", "unconfirmed", [{ source: "scam-report", at: iso(Date.now() - 31 * 86_400_000) }], {
  name: "Ernest Expired",
  // 30 days after the consent: a day ago
  expiresAt: Math.floor(Date.now() / 1000) - 86_400,
});
const leaving = subscriber("leave@example.com", "confirmed", [{ source: "scam-report", at: "2025-03-01T00:00:00.000Z" }], { name: "Lea Leaving" });
const doomed = subscriber("delete.me+news@example.com", "confirmed", [{ source: "lead:checklist", at: "2025-03-02T00:00:00.000Z" }], { name: "Dora Doomed" });
const seeded = [...bulk, multi, expired, leaving, doomed];

/** Through the one write path, as the consent subscribers do. */
const fresh = [
  { email: "Fresh-One@Example.com", name: "Fiona Fresh", source: "petition:another-petition" },
  { email: "fresh-two@example.com", name: "Felix Fresh", source: "scam-report" },
];

type ListAnswer = { items: SubscriberRow[]; total: number; page: number; pageSize: number };
async function list(query: Record<string, string | number> = {}): Promise<ListAnswer> {
  const res = await admin(listSubscribers, { query });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body as ListAnswer;
}
const all = async (query: Record<string, string | number> = {}) => (await list({ ...query, pageSize: 500 })).items;
const audit = async () =>
  (await admin(auditList, { query: { limit: 100 } })).body.items as {
    id: string;
    action: string;
    actor: string;
    target: string;
    rows: number;
    status: string;
  }[];
const item = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
/** One subscriber is named by `{email}` in the body, never in the path (which the API's access log keeps). */
const named = (email: unknown) => ({ method: "POST", body: { email } });

beforeAll(async () => {
  await useOwnTable("admin-newsletter");
  // The confirmation e-mails of the subscribe calls are not under test here.
  Bus.deliverLocallyWith(() => {});
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
  await putAll(seeded.flatMap((s) => Newsletter.subscriberItems(s)));
  // written around the write path: the counters are set from the rows, as for a table from before them
  expect(await recount()).toBe(seeded.length - 1);
});

describe("the subscriber list", () => {
  it("lists every live subscriber, latest consent first, and pages over every row; the expired one never shows", async () => {
    const first = await list({ pageSize: 5 });
    const live = seeded.filter((s) => s !== expired);
    expect(first).toMatchObject({ total: live.length, page: 1, pageSize: 5 });
    const newestFirst = [...live].sort((a, b) => (a.consents.at(-1)!.at < b.consents.at(-1)!.at ? 1 : -1)).map((s) => s.emailNormalized);
    expect(first.items.map((r) => r.id)).toEqual(newestFirst.slice(0, 5));

    const pages = await Promise.all(Array.from({ length: Math.ceil(live.length / 5) }, (_, i) => list({ page: i + 1, pageSize: 5 })));
    const ids = pages.flatMap((p) => p.items.map((r) => r.id));
    expect(ids).toEqual(newestFirst);
    expect(ids).not.toContain(expired.emailNormalized);
    expect((await list({ search: "expired" })).total).toBe(0);
    expect((await list({ status: "unconfirmed" })).items.map((r) => r.id)).not.toContain(expired.emailNormalized);

    const row = (await all()).find((r) => r.id === multi.emailNormalized);
    expect(row).toEqual({
      id: "multi.consent@example.com",
      email: "Multi.Consent@Example.com",
      name: "Marta Multi",
      status: "confirmed",
      sources: "petition:timeshare-reform,lead:checklist,unsubscribe-page",
      consents: JSON.stringify(multi.consents),
      firstConsentAt: "2025-02-01T10:00:00.000Z",
      lastConsentAt: "2025-02-03T12:45:00.000Z",
      confirmedAt: "2025-02-01T10:05:00.000Z",
      unsubscribedAt: "",
      expiresAt: 0,
      consentCount: 3,
    });
  });

  it("shows subscribers who arrive through Newsletter.subscribe, and a new consent of a listed one, on the next request", async () => {
    await all(); // warm: the writes below must invalidate it
    for (const f of fresh) expect(await Newsletter.subscribe({ ...f, consentAt: new Date().toISOString() })).toBe("unconfirmed");
    expect(
      await Newsletter.subscribe({ email: "MULTI.consent@example.com", name: "Somebody Else", source: "scam-report", consentAt: "2025-04-01T00:00:00.000Z" }),
    ).toBe("confirmed");

    const rows = await all();
    const one = rows.find((r) => r.id === "fresh-one@example.com");
    expect(one).toMatchObject({
      email: "fresh-one@example.com",
      name: "Fiona Fresh",
      status: "unconfirmed",
      sources: "petition:another-petition",
      confirmedAt: "",
    });
    expect(one!.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(
      rows
        .slice(0, 2)
        .map((r) => r.id)
        .sort(),
    ).toEqual(["fresh-one@example.com", "fresh-two@example.com"]);
    const m = rows.find((r) => r.id === multi.emailNormalized)!;
    expect(m).toMatchObject({
      name: "Marta Multi",
      status: "confirmed",
      sources: "petition:timeshare-reform,lead:checklist,unsubscribe-page,scam-report",
      lastConsentAt: "2025-04-01T00:00:00.000Z",
    });
    expect(rows).toHaveLength(seeded.length - 1 + fresh.length);
  });

  it("filters by status and by source kind, searches e-mail and name, sorts by e-mail, name, status and confirmation", async () => {
    const rows = await all();
    // (the seeded subscribers have the first three statuses; bounced and complained come from SES, mail-feedback.test.ts)
    for (const status of Newsletter.STATUSES) {
      const got = await all({ status });
      if (status !== "bounced" && status !== "complained") expect(got.length, status).toBeGreaterThan(0);
      expect(got.map((r) => r.id).sort()).toEqual(
        rows
          .filter((r) => r.status === status)
          .map((r) => r.id)
          .sort(),
      );
    }
    for (const source of SOURCE_GROUPS) {
      const got = await all({ source });
      expect(got.length, source).toBeGreaterThan(0);
      expect(got.map((r) => r.id).sort()).toEqual(
        rows
          .filter((r) => sourceGroupsOf(r.sources).includes(source))
          .map((r) => r.id)
          .sort(),
      );
    }
    // bulk guide subscribers have i % 4 = 2 or 3, confirmed ones i % 3 = 0
    const confirmedGuides = (await all({ status: "confirmed", source: "guide" })).map((r) => r.id).sort();
    expect(confirmedGuides).toEqual(
      [
        "bulk-3@example.com",
        "bulk-6@example.com",
        "bulk-15@example.com",
        "bulk-18@example.com",
        "delete.me+news@example.com",
        "multi.consent@example.com",
      ].sort(),
    );
    expect((await all({ source: "unsubscribe-page" })).map((r) => r.id)).toEqual([multi.emailNormalized]);

    expect((await all({ search: `owner ${nameOf(17)}` })).map((r) => r.id)).toEqual(["bulk-17@example.com"]);
    expect((await all({ search: "BULK-2" })).map((r) => r.id).sort()).toEqual(
      ["bulk-2@example.com", "bulk-20@example.com", "bulk-21@example.com", "bulk-22@example.com", "bulk-23@example.com"].sort(),
    );
    expect((await all({ search: "marta" })).map((r) => r.id)).toEqual([multi.emailNormalized]);
    expect((await list({ search: "fresh", status: "confirmed" })).total).toBe(0);

    // the table's orders (newsletter/index-item.ts ORDERS): case and accents ignored, digits as text
    const inOrder = (sort: "email" | "name", rows: SubscriberRow[]) => [...rows].sort(SubscriberListing.subscribers.comparator(sort));
    const byEmailRows = await all({ sort: "email", order: "asc" });
    expect(byEmailRows.map((r) => r.id)).toEqual(inOrder("email", byEmailRows).map((r) => r.id));
    expect(byEmailRows.slice(0, 2).map((r) => r.email)).toEqual(["bulk-0@example.com", "bulk-10@example.com"]);
    const byNameRows = await all({ sort: "name", order: "desc" });
    expect(byNameRows.map((r) => r.id)).toEqual(
      inOrder("name", byNameRows)
        .reverse()
        .map((r) => r.id),
    );
    const byStatus = (await all({ sort: "status", order: "asc" })).map((r) => r.status);
    expect(byStatus).toEqual([...byStatus].sort());
    const byConfirmed = (await all({ sort: "confirmedAt", order: "desc" })).map((r) => r.confirmedAt);
    expect(byConfirmed[0]).toBe([...byConfirmed].sort().at(-1));
    expect(byConfirmed.at(-1)).toBe("");
  });

  it("refuses bad filters, sorts and page sizes with a message naming the field", async () => {
    const refused = async (query: Record<string, string>, error: string) => {
      const res = await admin(listSubscribers, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body.error).toBe(error);
    };
    await refused({ status: "pending" }, "Status must be one of unconfirmed, confirmed, unsubscribed, bounced, complained");
    await refused({ source: "lead:checklist" }, "Source must be one of petition, scam-report, guide, unsubscribe-page");
    await refused({ sort: "createdAt" }, "Sort by lastConsentAt, email, name, status, confirmedAt");
    await refused({ pageSize: "501" }, "Page size must be at most 500");
    // the answer time is the server's own: a client cannot bring an expired subscriber back
    expect((await list({ asOf: "0", search: "expired" })).total).toBe(0);
  });
});

describe("the count cards", () => {
  it("count live subscribers by status and by source kind, leaving the expired one out", async () => {
    const res = await admin(summary);
    expect(res.statusCode).toBe(200);
    const rows = await all();
    const byStatus = Object.fromEntries(Newsletter.STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length]));
    const bySource = Object.fromEntries(SOURCE_GROUPS.map((k: SourceGroup) => [k, rows.filter((r) => sourceGroupsOf(r.sources).includes(k)).length]));
    expect(res.body).toEqual({ total: rows.length, byStatus, bySource });
    // 24 bulk (8 of each status) + multi, leave, delete.me (confirmed) + two fresh (unconfirmed); the expired one is not among them
    expect(res.body.byStatus).toEqual({ confirmed: 11, unconfirmed: 10, unsubscribed: 8, bounced: 0, complained: 0 });
    expect(res.body.bySource).toEqual({ petition: 8, "scam-report": 9, guide: 14, "unsubscribe-page": 1 });
  });
});

describe("the CSV export", () => {
  it("pages every matching row in the list's order, makes the mail providers' CSV, recorded once in the audit trail", async () => {
    const rows: SubscriberRow[] = [];
    let operationId: string | undefined;
    for (let page = 1; ; page++) {
      const res = await admin(exportSubscribers, { query: { status: "confirmed", pageSize: 4, page, operationId } });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      if (operationId) expect(res.body.operationId).toBe(operationId);
      operationId = res.body.operationId;
      rows.push(...res.body.items);
      if (page * res.body.pageSize >= res.body.total) break;
    }
    expect(rows).toEqual(await all({ status: "confirmed" }));
    expect(rows).toHaveLength(11);

    const lines = subscribersCsv(rows).split("\r\n");
    expect(lines[0]).toBe(SUBSCRIBER_CSV_COLUMNS.map((c) => `"${c}"`).join(","));
    expect(lines[0]).toBe('"Email Address","Name","Status","Consent Sources","Consent Times","Confirmed At","Unsubscribed At","Earlier Consents"');
    const m = rows.find((r) => r.id === multi.emailNormalized)!;
    expect(subscriberCells(m)).toEqual([
      "Multi.Consent@Example.com",
      "Marta Multi",
      "confirmed",
      "petition:timeshare-reform; lead:checklist; unsubscribe-page; scam-report",
      "2025-02-01T10:00:00.000Z; 2025-02-02T11:30:00.000Z; 2025-02-03T12:45:00.000Z; 2025-04-01T00:00:00.000Z",
      "2025-02-01T10:05:00.000Z",
      "",
      "0",
    ]);
    expect(lines).toContain(
      subscriberCells(m)
        .map((c) => `"${c}"`)
        .join(","),
    );

    const entry = (await audit()).filter((e) => e.id === operationId);
    expect(entry).toEqual([
      expect.objectContaining({
        action: "newsletter.exported",
        actor: adminEmail,
        rows: 11,
        status: "completed",
        target: "newsletter subscribers (status=confirmed)",
      }),
    ]);
  });

  it("never exports the expired subscriber; refuses a page over 1000", async () => {
    const res = await admin(exportSubscribers, { query: { source: "scam-report", pageSize: 1000 } });
    expect(res.statusCode).toBe(200);
    expect(res.body.items.map((r: SubscriberRow) => r.id)).not.toContain(expired.emailNormalized);
    expect(res.body.total).toBe(9);
    expect((await admin(exportSubscribers, { query: { pageSize: 1001 } })).body.error).toBe("Page size must be at most 1000");
  });
});

describe("one subscriber", () => {
  it("is unsubscribed by an administrator: the list shows it, audited once; a second time changes nothing", async () => {
    const res = await admin(unsubscribe, named("Leave@Example.com"));
    expect(res).toMatchObject({ statusCode: 200, body: { email: "leave@example.com", result: "unsubscribed" } });
    const row = (await all({ status: "unsubscribed" })).find((r) => r.id === "leave@example.com");
    expect(row).toMatchObject({ status: "unsubscribed", confirmedAt: leaving.confirmedAt });
    expect(Date.now() - Date.parse(row!.unsubscribedAt)).toBeLessThan(60_000);
    expect((await Newsletter.find("leave@example.com"))!.status).toBe("unsubscribed");

    const again = await admin(unsubscribe, named("leave@example.com"));
    expect(again).toMatchObject({ statusCode: 200, body: { email: "leave@example.com", result: "already_unsubscribed" } });
    const entries = (await audit()).filter((e) => e.action === "newsletter.unsubscribed");
    // the audit trail outlives the subscriber: it names them by a hash of the e-mail
    expect(entries).toEqual([
      expect.objectContaining({ actor: adminEmail, target: `subscriber: ${auditedPerson("leave@example.com")}`, rows: 1, status: "completed" }),
    ]);
    expect(entries[0].target).not.toContain("leave");
    expect((await admin(summary)).body.byStatus).toEqual({ confirmed: 10, unconfirmed: 10, unsubscribed: 9, bounced: 0, complained: 0 });
  });

  it("is deleted with its index row and unsubscribe lookup, audited; then it is not found", async () => {
    const lookup = Keys.newsletterUnsubscribe(hashToken(doomed.unsubscribeToken!));
    expect(await item(lookup)).toBeDefined();
    // any spelling of the address names the subscriber
    const res = await admin(remove, named("Delete.Me+news@example.com"));
    expect(res).toMatchObject({ statusCode: 200, body: { email: doomed.emailNormalized } });
    expect(await item(Keys.newsletter(doomed.emailNormalized))).toBeUndefined();
    expect(await item(indexKey(doomed.emailNormalized))).toBeUndefined();
    expect(await item(lookup)).toBeUndefined();
    expect((await all()).map((r) => r.id)).not.toContain(doomed.emailNormalized);
    expect((await admin(summary)).body).toMatchObject({
      total: seeded.length - 2 + fresh.length,
      byStatus: { confirmed: 9, unconfirmed: 10, unsubscribed: 9, bounced: 0, complained: 0 },
      bySource: { petition: 8, "scam-report": 9, guide: 13, "unsubscribe-page": 1 },
    });

    const entries = (await audit()).filter((e) => e.action === "newsletter.subscriber_deleted");
    expect(entries).toEqual([
      expect.objectContaining({ actor: adminEmail, target: `subscriber: ${auditedPerson(doomed.emailNormalized)}`, rows: 1, status: "completed" }),
    ]);
    expect(await admin(remove, named(doomed.email))).toMatchObject({ statusCode: 404, body: { error: "Subscriber not found" } });
  });

  it("answers 404 for an unknown or expired subscriber and 400 for a malformed e-mail, changing nothing", async () => {
    for (const email of ["nobody@example.com", expired.email]) {
      expect(await admin(unsubscribe, named(email)), email).toMatchObject({
        statusCode: 404,
        body: { error: "Subscriber not found" },
      });
      expect(await admin(remove, named(email)), email).toMatchObject({
        statusCode: 404,
        body: { error: "Subscriber not found" },
      });
    }
    for (const email of ["not-an-email", "two words@example.com", `${"a".repeat(250)}@example.com`, ""]) {
      for (const [handler, name] of [
        [unsubscribe, "unsubscribe"],
        [remove, "delete"],
      ] as const) {
        const res = await admin(handler, named(email));
        expect(res.statusCode, `${name} ${email.slice(0, 20)}`).toBe(400);
        expect(Object.keys(res.body.fields)).toEqual(["email"]);
      }
    }
    for (const body of [{}, { email: 42 }, { email: ["a@example.com"] }])
      for (const handler of [unsubscribe, remove]) expect((await admin(handler, { method: "POST", body })).statusCode, JSON.stringify(body)).toBe(400);
    expect(await item(Keys.newsletter(expired.emailNormalized))).toBeDefined();
    expect((await audit()).filter((e) => e.action.startsWith("newsletter.") && e.action !== "newsletter.exported")).toHaveLength(2);
  });
});

describe("over HTTP, and bad requests to the admin newsletter routes (the bad-input generator, as an administrator)", () => {
  const newsletterRoutes = routes.filter(
    (r) => r.access === "admin" && r.path.startsWith("/api/admin/newsletter/") && !r.path.startsWith("/api/admin/newsletter/issues"),
  );
  const target = subscriber("bad-input-target@example.com", "confirmed", [{ source: "scam-report", at: "2025-05-01T00:00:00.000Z" }]);
  // the body of the routes naming one subscriber
  const subscriberBody: BodyModel = { valid: () => ({ email: target.email }), strings: ["email"], others: [], required: ["email"] };
  let api: Awaited<ReturnType<typeof startLocalApi>>;
  let token: string;

  beforeAll(async () => {
    const e = inject("emulators");
    token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-${crypto.randomUUID().slice(0, 8)}@example.org`, true))
      .accessToken;
    api = await startLocalApi();
  });
  afterAll(() => api?.close());

  it("names a subscriber by the e-mail in the body, with no address in the path", async () => {
    const email = "Route+Test@Example.com";
    await putAll(
      Newsletter.subscriberItems(
        subscriber(email, "confirmed", [{ source: "scam-report", at: "2025-05-01T00:00:00.000Z" }], { emailNormalized: "route+test@example.com" }),
      ),
    );
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const body = JSON.stringify({ email });
    const unsub = await rawRequest(api.port, { method: "POST", path: "/api/admin/newsletter/subscribers/unsubscribe", headers, body });
    expect([unsub.status, JSON.parse(unsub.body)]).toEqual([200, { email: "route+test@example.com", result: "unsubscribed" }]);
    const del = await rawRequest(api.port, { method: "POST", path: "/api/admin/newsletter/subscribers/delete", headers, body });
    expect([del.status, JSON.parse(del.body)]).toEqual([200, { email: "route+test@example.com" }]);
    // the old form, the address in the path, is no route
    const old = await rawRequest(api.port, { method: "DELETE", path: `/api/admin/newsletter/subscribers/${encodeURIComponent(email)}`, headers });
    expect(old.status).toBe(404);
  });

  it("covers every admin subscriber route", () =>
    expect(newsletterRoutes.map(routeKey).sort()).toEqual([
      "GET /api/admin/newsletter/subscribers",
      "GET /api/admin/newsletter/subscribers/export",
      "GET /api/admin/newsletter/summary",
      "POST /api/admin/newsletter/subscribers/delete",
      "POST /api/admin/newsletter/subscribers/unsubscribe",
    ]));

  it.each(newsletterRoutes.map((r) => [routeKey(r), r] as const))("%s answers every generated bad request below 500", async (_, route) => {
    await putAll(Newsletter.subscriberItems(target));
    const requests = badRequestsFor(route, { seed: 10_2026, perRoute: () => 80, bodies: { [routeKey(route)]: subscriberBody }, param: () => target.email });
    const failed: string[] = [];
    await runPool(requests.length, 10, async (i) => {
      const r = requests[i];
      const res = await rawRequest(api.port, { method: r.method, path: r.path, headers: { ...r.headers, authorization: `Bearer ${token}` }, body: r.body });
      if (res.status >= 500) failed.push(`${res.status} ${res.body.slice(0, 120)} ← ${describeRequest(r)}`);
    });
    expect(failed, failed.slice(0, 10).join("\n")).toEqual([]);
  });
});
