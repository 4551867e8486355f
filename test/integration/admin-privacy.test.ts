/**
 * The administrators' view of data-deletion requests (`/admin/privacy`), through the
 * handlers of the route table: the list with its status filter (the derived status: a pending
 * request past its link's validity is "expired"), search by request id, person hash and typed address, sorts and
 * pages, the count cards, and the refusals. Requests are seeded straight into the table as the
 * request writer stores them (`requestWrites`: the request item, its index row, its day's counter).
 */
import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { indexKey as indexKeyOf, type PrivacyRequest, type PrivacyRequestRow } from "@site/core/privacy/index-item";
import { requestWrites } from "@site/core/privacy/requests";
import { REQUEST_STATUSES, type ErasedCounts, type RequestStatus } from "@site/core/privacy/input";
import { keptPersonHash, personHash } from "@site/core/db/person-index";
import { DELETION_LINK_SECONDS, DELETION_REQUEST_RECORD_DAYS } from "@site/core/policy/retention";
import { sortableId } from "@site/core/util/id";
import { handler as listRequests } from "../../packages/functions/src/http/admin-privacy-list";
import { handler as summary } from "../../packages/functions/src/http/admin-privacy-summary";
import { routes, routeKey } from "../../packages/functions/src/routes";
import { runPool } from "../../scripts/bench/report";
import { adminClaims, asAdmin } from "../support/admin";
import { badRequestsFor, describeRequest } from "../support/bad-requests";
import { call, httpEvent } from "../support/http";
import { rawRequest, startLocalApi } from "../support/local-api";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";
import { signIn } from "../support/tokens";

let admin: ReturnType<typeof asAdmin>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const LINK_MS = DELETION_LINK_SECONDS * 1000;

const ROW_FIELDS = ["id", "status", "person", "requestedAt", "validUntil", "confirmedAt", "completedAt", "erased", "downloads"].sort();

/** A stored request as the request writer makes it. */
function request(requestedMs: number, email: string, status: PrivacyRequest["status"], extra: Partial<PrivacyRequest> = {}): PrivacyRequest {
  return {
    id: sortableId(requestedMs),
    status,
    person: keptPersonHash(email),
    personKeyed: true,
    requestedAt: iso(requestedMs),
    validUntil: iso(requestedMs + LINK_MS),
    downloads: 0,
    expiresAt: Math.floor(requestedMs / 1000) + DELETION_REQUEST_RECORD_DAYS * 86_400,
    ...(status !== "pending" ? { confirmedAt: iso(requestedMs + HOUR) } : {}),
    ...(status === "completed" ? { completedAt: iso(requestedMs + HOUR + MINUTE) } : {}),
    ...extra,
  };
}

const counts = (signature: number, report: number, lead: number, newsletter: number): ErasedCounts => ({ signature, report, lead, newsletter });

/** Its item, its index row, the collection's revision and its day's counter, in one transaction (privacy/requests.ts). */
async function seed(...reqs: PrivacyRequest[]) {
  for (const req of reqs) await db().send(new TransactWriteCommand({ TransactItems: requestWrites(req) }));
}

const REPEAT = "repeat.person@example.com";
const completed = Array.from({ length: 6 }, (_, i) =>
  request(NOW - (10 + i) * DAY, i === 0 ? REPEAT : `done-${i}@example.com`, "completed", { erased: counts(i, i % 2, 2, 1), downloads: i % 3 }),
);
const confirmed = [
  // confirmed: their links' validity no longer matters
  ...Array.from({ length: 2 }, (_, i) => request(NOW - (5 + i) * HOUR, `confirmed-${i}@example.com`, "confirmed")),
  request(NOW - 3 * DAY, "confirmed-late@example.com", "confirmed", { email: "confirmed-late@example.com" }),
];
const pending = Array.from({ length: 4 }, (_, i) => request(NOW - (i + 1) * HOUR, i === 0 ? REPEAT : `pending-${i}@example.com`, "pending"));
/** pending past their links' validity: listed as expired */
const lapsed = Array.from({ length: 3 }, (_, i) => request(NOW - (2 + i) * DAY, i === 0 ? REPEAT : `lapsed-${i}@example.com`, "pending", { downloads: i }));
/** past its TTL, not yet deleted by DynamoDB: never listed or counted */
const retired = request(NOW - (DELETION_REQUEST_RECORD_DAYS + 1) * DAY, "retired@example.com", "completed", { erased: counts(1, 0, 0, 0) });

const live = [...completed, ...confirmed, ...pending, ...lapsed];
const statusOf = (r: PrivacyRequest): RequestStatus => (lapsed.includes(r) ? "expired" : r.status);
const idsOf = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
/** The list's default order: request time descending, ties (confirmed[2] and lapsed[1]) by id descending. */
const newestFirst = (reqs: PrivacyRequest[]) =>
  idsOf([...reqs].sort((a, b) => (a.requestedAt === b.requestedAt ? (a.id < b.id ? 1 : -1) : a.requestedAt < b.requestedAt ? 1 : -1)));

type Listed = Omit<PrivacyRequestRow, "status"> & { status: RequestStatus };
type ListAnswer = { items: Listed[]; total: number; page: number; pageSize: number };
async function list(query: Record<string, string | number> = {}): Promise<ListAnswer> {
  const res = await admin(listRequests, { query });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body as ListAnswer;
}
const all = async (query: Record<string, string | number> = {}) => (await list({ ...query, pageSize: 500 })).items;

beforeAll(async () => {
  await useOwnTable("admin-privacy");
  admin = asAdmin((await adminClaims()).claims);
  await seed(...live, retired);
});

describe("the request list", () => {
  it("lists every request newest first, each with its derived status and no address; the one past its TTL never shows", async () => {
    const answer = await list();
    expect(answer).toMatchObject({ total: live.length, page: 1, pageSize: 50 });
    expect(idsOf(answer.items)).toEqual(newestFirst(live));
    for (const item of answer.items) expect(Object.keys(item).sort(), item.id).toEqual(ROW_FIELDS);
    expect(JSON.stringify(answer)).not.toContain("@example.com");

    const byId = new Map(answer.items.map((r) => [r.id, r]));
    for (const req of live) expect(byId.get(req.id)?.status, req.id).toBe(statusOf(req));
    // a pending request past its link's validity is stored pending and listed expired
    const stored = (await db().send(new GetCommand({ TableName: table(), Key: Keys.privacyRequest(lapsed[1].id), ConsistentRead: true }))).Item;
    expect(stored?.status).toBe("pending");
    expect(byId.get(lapsed[1].id)).toMatchObject({ status: "expired", confirmedAt: "", completedAt: "", erased: "", downloads: 1 });
    expect(byId.get(completed[1].id)).toMatchObject({
      status: "completed",
      person: keptPersonHash("done-1@example.com"),
      erased: JSON.stringify(counts(1, 1, 2, 1)),
      downloads: 1,
    });
    expect(byId.has(retired.id)).toBe(false);
  });

  it("filters by the derived status; a client cannot choose the instant it is derived at", async () => {
    const expected: Record<RequestStatus, PrivacyRequest[]> = { pending, confirmed, completed, expired: lapsed };
    for (const status of REQUEST_STATUSES) {
      const answer = await list({ status, pageSize: 500 });
      expect(answer.total, status).toBe(expected[status].length);
      expect(idsOf(answer.items), status).toEqual(newestFirst(expected[status]));
      expect(
        answer.items.every((r) => r.status === status),
        status,
      ).toBe(true);
    }
    // the answer time is the server's own: a far-future `asOf` does not expire the live links
    expect((await list({ status: "expired", asOf: "99999999999" })).total).toBe(lapsed.length);
    expect((await list({ status: "pending", asOf: "99999999999" })).total).toBe(pending.length);
  });

  it("searches the request id and the person's kept hash (a hash prefix, or the whole address typed, finds the person's requests)", async () => {
    const repeat = [completed[0], pending[0], lapsed[0]];
    const byHash = await all({ search: keptPersonHash(REPEAT).slice(0, 12) });
    expect(idsOf(byHash)).toEqual(newestFirst(repeat));
    expect(byHash.map((r) => r.status)).toEqual(["pending", "expired", "completed"]);
    expect(idsOf(await all({ search: keptPersonHash(REPEAT) }))).toEqual(newestFirst(repeat));
    // with the status filter
    expect(idsOf(await all({ search: keptPersonHash(REPEAT).slice(0, 12), status: "expired" }))).toEqual([lapsed[0].id]);
    // a request id, in any case
    expect(idsOf(await all({ search: confirmed[2].id.toUpperCase() }))).toEqual([confirmed[2].id]);
    // the whole address, in any spelling, hashed as the requests keep it; with the status filter too
    expect(idsOf(await all({ search: ` ${REPEAT.toUpperCase()} ` }))).toEqual(newestFirst(repeat));
    expect(idsOf(await all({ search: REPEAT, status: "completed" }))).toEqual([completed[0].id]);
    // the plain SHA-256 of the address finds nothing: no request holds it
    expect((await list({ search: personHash(REPEAT) })).total).toBe(0);
    // never a part of the address, nor an address that made no request
    expect((await list({ search: "repeat.person" })).total).toBe(0);
    expect((await list({ search: "nobody-asked@example.com" })).total).toBe(0);
  });

  it("sorts by request time, by derived status and by completion time, both ways", async () => {
    expect(idsOf(await all({ order: "asc" }))).toEqual(newestFirst(live).reverse());
    expect(idsOf(await all({ sort: "requestedAt", order: "desc" }))).toEqual(newestFirst(live));

    const asc = await all({ sort: "status", order: "asc" });
    expect(asc.map((r) => r.status)).toEqual([...live.map(statusOf)].sort());
    expect(asc.map((r) => r.status)).toEqual([
      ...Array(6).fill("completed"),
      ...Array(3).fill("confirmed"),
      ...Array(3).fill("expired"),
      ...Array(4).fill("pending"),
    ]);
    const desc = await all({ sort: "status", order: "desc" });
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());

    const byCompletion = await all({ sort: "completedAt", order: "desc" });
    const done = [...completed].sort((a, b) => (a.completedAt! < b.completedAt! ? 1 : -1));
    expect(idsOf(byCompletion.slice(0, done.length))).toEqual(idsOf(done));
    expect(byCompletion.slice(done.length).every((r) => r.completedAt === "")).toBe(true);
  });

  it("pages over every row without overlap", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const answer = await list({ pageSize: 5, page });
      expect(answer).toMatchObject({ total: live.length, page, pageSize: 5 });
      expect(answer.items).toHaveLength(page < 4 ? 5 : 1);
      seen.push(...answer.items.map((r) => r.id));
    }
    expect(seen).toEqual(newestFirst(live));
    expect((await list({ pageSize: 5, page: 5 })).items).toEqual([]);
  });

  it("refuses bad filters, sorts and page sizes with a message naming the field", async () => {
    const refused = async (query: Record<string, string>, error: string) => {
      const res = await admin(listRequests, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.body.error).toBe(error);
    };
    await refused({ status: "erased" }, "Status must be one of pending, confirmed, completed, expired");
    await refused({ sort: "person" }, "Sort by requestedAt, status, completedAt");
    await refused({ order: "up" }, "Order must be asc or desc");
    await refused({ pageSize: "501" }, "Page size must be at most 500");
    await refused({ page: "0" }, "Page must be at least 1");
  });
});

describe("the count cards", () => {
  it("count every request by derived status, leaving out the one past its TTL", async () => {
    const res = await admin(summary);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ total: live.length, byStatus: { pending: 4, confirmed: 3, completed: 6, expired: 3 } });
    const rows = await all();
    expect(res.body.byStatus).toEqual(Object.fromEntries(REQUEST_STATUSES.map((s) => [s, rows.filter((r) => r.status === s).length])));
  });
});

describe("refusals", () => {
  it("answers 401 without claims and 403 to a signed-in user who is not an administrator, writing nothing", async () => {
    const before = await snapshot();
    for (const handler of [listRequests, summary]) {
      const anonymous = await call(handler, httpEvent({ method: "GET", path: "/api/admin/privacy/requests" }));
      expect(anonymous).toMatchObject({ statusCode: 401, body: { error: "Authentication required" } });
      const member = await call(
        handler,
        httpEvent({ method: "GET", path: "/api/admin/privacy/requests", claims: { sub: "member-1", "cognito:groups": "[editors]", token_use: "access" } }),
      );
      expect(member).toMatchObject({ statusCode: 403, body: { error: "Access denied. Please verify you have admin privileges." } });
    }
    const changes = diff(before, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
  });
});

describe("over HTTP (the local server's authorizer), and bad requests as an administrator", () => {
  const privacyRoutes = routes.filter((r) => r.access === "admin" && r.path.startsWith("/api/admin/privacy/"));
  let api: Awaited<ReturnType<typeof startLocalApi>>;
  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    const e = inject("emulators");
    const cognito = { endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId };
    const suffix = crypto.randomUUID().slice(0, 8);
    [adminToken, memberToken] = (
      await Promise.all([signIn(cognito, `privacy-admin-${suffix}@example.org`, true), signIn(cognito, `privacy-member-${suffix}@example.org`, false)])
    ).map((t) => t.accessToken);
    api = await startLocalApi();
  });
  afterAll(() => api?.close());

  it("covers both admin privacy routes", () =>
    expect(privacyRoutes.map(routeKey).sort()).toEqual(["GET /api/admin/privacy/requests", "GET /api/admin/privacy/summary"]));

  it("serves an administrator, refuses a member (403) and an anonymous caller (401)", async () => {
    const get = (path: string, token?: string) => rawRequest(api.port, { method: "GET", path, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const listed = await get("/api/admin/privacy/requests?status=expired&sort=requestedAt&order=asc", adminToken);
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.body).items.map((r: Listed) => r.id)).toEqual(newestFirst(lapsed).reverse());
    const counted = await get("/api/admin/privacy/summary", adminToken);
    expect([counted.status, JSON.parse(counted.body).total]).toEqual([200, live.length]);
    for (const route of privacyRoutes) {
      expect((await get(route.path, memberToken)).status, route.path).toBe(403);
      expect((await get(route.path)).status, route.path).toBe(401);
    }
  });

  it.each(privacyRoutes.map((r) => [routeKey(r), r] as const))("%s answers every generated bad request below 500 and writes nothing", async (_, route) => {
    const before = await snapshot();
    const requests = badRequestsFor(route, { seed: 12_2026, perRoute: () => 80, bodies: {}, param: (_, name) => `x-${name}` });
    const failed: string[] = [];
    await runPool(requests.length, 10, async (i) => {
      const r = requests[i];
      const res = await rawRequest(api.port, {
        method: r.method,
        path: r.path,
        headers: { ...r.headers, authorization: `Bearer ${adminToken}` },
        body: r.body,
      });
      if (res.status >= 500) failed.push(`${res.status} ${res.body.slice(0, 120)} ← ${describeRequest(r)}`);
    });
    expect(failed, failed.slice(0, 10).join("\n")).toEqual([]);
    const changes = diff(before, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
  });
});

describe("as time passes and requests are written", () => {
  afterEach(() => vi.useRealTimers());

  it("shows a new request at once, and lists it as expired once its link lapses, with no write in between", async () => {
    // the newest request, its link lapsing 30 s from now; the clock is then moved a minute on (only Date is faked)
    const soon = request(Date.now() - 30 * MINUTE, "soon@example.com", "pending", { validUntil: iso(Date.now() + 30_000) });
    await list({ status: "pending" }); // cached results from before the write
    await seed(soon);
    expect(idsOf(await all({ status: "pending" }))).toContain(soon.id);
    expect((await admin(summary)).body).toEqual({ total: live.length + 1, byStatus: { pending: 5, confirmed: 3, completed: 6, expired: 3 } });
    expect((await all({ sort: "status", order: "asc" })).map((r) => r.status)).toEqual([
      ...Array(6).fill("completed"),
      ...Array(3).fill("confirmed"),
      ...Array(3).fill("expired"),
      ...Array(5).fill("pending"),
    ]);
    // the lapse is derived when read: nothing is written (the request and its index row stay as they were)
    const stored = () =>
      Promise.all(
        [Keys.privacyRequest(soon.id), indexKeyOf(soon.id)].map((Key) =>
          db()
            .send(new GetCommand({ TableName: table(), Key, ConsistentRead: true }))
            .then((r) => r.Item),
        ),
      );
    const before = await stored();

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + MINUTE });
    expect(idsOf(await all({ status: "pending" }))).not.toContain(soon.id);
    expect(idsOf(await all({ status: "expired" }))).toContain(soon.id);
    expect((await all({ search: soon.id })).map((r) => r.status)).toEqual(["expired"]);
    expect((await admin(summary)).body).toEqual({ total: live.length + 1, byStatus: { pending: 4, confirmed: 3, completed: 6, expired: 4 } });
    // the status order sorted before the link lapsed (cached while the rows are unchanged) still holds: it sorts among the expired ones now
    expect((await all({ sort: "status", order: "asc" })).map((r) => r.status)).toEqual([
      ...Array(6).fill("completed"),
      ...Array(3).fill("confirmed"),
      ...Array(4).fill("expired"),
      ...Array(4).fill("pending"),
    ]);
    expect(await stored()).toEqual(before);
  });
});
