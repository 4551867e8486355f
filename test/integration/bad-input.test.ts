/**
 * At least 1,000 generated bad requests across every public route of the route table, over HTTP
 * through the local server (so its routing is covered too): not one answer of 500 or more, and the
 * table unchanged except for the writes the route is allowed to make. A route added to the table
 * is covered without touching this file; declare its writes in `allowedWrites` and, if it takes a
 * body, its shape in `bodies`.
 *
 * Deterministic: BAD_INPUT_SEED=<n> replays (or varies) the run; failures print the seed and the request.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { Bus } from "@site/core/bus";
import { resetSettings, settings } from "@site/core/config";
import { Issues } from "@site/core/newsletter/issues/index";
import { Petition } from "@site/core/petition";
import { keptPersonHash } from "@site/core/db/person-index";
import { Suppression } from "@site/core/suppression";
import { routes, routeKey, type Route } from "../../packages/functions/src/routes";
import { runPool } from "../../scripts/bench/report";
import { badRequestsFor, describeRequest, type BadRequest, type BodyModel } from "../support/bad-requests";
import { rawRequest, startLocalApi, type RawResponse } from "../support/local-api";
import { describeChanges, diff, snapshot, useOwnTable, type Snapshot } from "../support/table-snapshot";
import { signIn } from "../support/tokens";

const SEED = Number(process.env.BAD_INPUT_SEED ?? 6_2024);
const CONCURRENCY = 20;
const publicRoutes = routes.filter((r) => r.access === "public");
const SIGN = "POST /api/petitions/{id}/signatures";
const REPORT = "POST /api/reports";
const UPLOAD = "POST /api/reports/uploads";
const LEAD = "POST /api/leads/{form}";
const NEWSLETTER_CONFIRM = "POST /api/newsletter/confirm";
const SIGNATURE_CONFIRM = "POST /api/petitions/{id}/signatures/{signatureId}/confirm";
const NEWSLETTER_UNSUBSCRIBE = "POST /api/newsletter/unsubscribe";
const NEWSLETTER_RESUBSCRIBE = "POST /api/newsletter/resubscribe";
const ANALYTICS_EVENT = "POST /api/events";
const PRIVACY_REQUEST = "POST /api/privacy/requests";
const PRIVACY_LINK = ["POST /api/privacy/records", "POST /api/privacy/export", "POST /api/privacy/erase"];
const ERASURE_STATUS = "POST /api/privacy/erase/status";
const WITHDRAW = "POST /api/petitions/{id}/signatures/{signatureId}/withdraw";
const UPDATES_STOP = "POST /api/petitions/{id}/signatures/{signatureId}/updates/unsubscribe";
const WITHDRAW_LINK = "POST /api/petitions/{id}/signatures/{signatureId}/withdraw-link";

/** The item kinds (`type`, or the partition key's prefix) each route may write; others write nothing. */
const allowedWrites: Record<string, string[]> = {
  [SIGN]: ["signature", "emailGuard", "counterShard", "sigIndex", "RATE", "outbox", "GEO"],
  [REPORT]: ["report", "reportRef", "reportIndex", "reportCount", "scamIdentifier", "RATE", "outbox"],
  [UPLOAD]: ["RATE"],
  [LEAD]: ["lead", "leadIndex", "leadCount", "RATE", "outbox"],
  // no request here carries a token that was ever issued: only the attempt is counted
  [NEWSLETTER_CONFIRM]: ["RATE"],
  // no request here names a pending signature with a token that was issued: only the attempt is counted
  [SIGNATURE_CONFIRM]: ["RATE"],
  [NEWSLETTER_UNSUBSCRIBE]: [],
  [NEWSLETTER_RESUBSCRIBE]: ["RATE"],
  // a counted hit: its raw item, the aggregates (and its referrer's and UTM values' entries), the day's visitor marker and salt
  // RATE: every beacon request counts against its network's limit (analytics/ingest.ts)
  [ANALYTICS_EVENT]: [
    "analyticsEvent",
    "analyticsAggregate",
    "analyticsValue",
    "analyticsVisit",
    "analyticsSalt",
    "analyticsDistinctCount",
    "analyticsDistinctValue",
    "analyticsPendingValue",
    "RATE",
  ],
  // a request, its admin row, its day's counter, its link's token, the mailbox's daily allowance, the link's slot of the mail budget
  [PRIVACY_REQUEST]: ["privacyRequest", "privacyIndex", "PRIVACY", "privacyToken", "PRIVACYLIMIT", "RATE", "mailBudget"],
  // no request here carries a link that was ever issued: only the attempt is counted
  ...Object.fromEntries(PRIVACY_LINK.map((key) => [key, ["RATE"]])),
  // an erasure's progress: one read, nothing written (not even an attempt: the page polls it)
  [ERASURE_STATUS]: [],
  // no request here carries a token made for its signature: only the attempt is counted
  [WITHDRAW]: ["RATE"],
  // no request here names a signature that exists: only the attempt is counted, nothing is mailed
  [WITHDRAW_LINK]: ["RATE"],
  // no request here carries a token made for its signature: nothing is written
  [UPDATES_STOP]: [],
  // the attempt and the event (outbox), whatever the pair names: the subscriber looks it up (not run here)
  "POST /api/report-status/link": ["RATE", "outbox"],
  // a status link's page reads only
  "GET /api/report-status/{token}": [],
  // no request here carries a report's own token: nothing is written
  "POST /api/report-status/unsubscribe": [],
  // a lookup's one counter of its day (found or not), never what was typed; one alert and the list read only
  "GET /api/public/scam-alerts": ["scamAlertLookups"],
  "GET /api/public/scam-alerts/{slug}": [],
  // no request here names a published alert: its fields are checked, then nothing is written
  "POST /api/public/scam-alerts/{slug}/corrections": [],
};

const run = crypto.randomUUID().slice(0, 8);
const bodies: Record<string, BodyModel> = {
  [SIGN]: {
    valid: (n) => ({
      firstName: "Ana",
      lastName: "Lima",
      email: `bad-input-${run}-${n}@example.com`,
      timeshareName: "Sunny Resort",
      newsletterConsent: false,
      wantsUpdates: true,
      client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
    }),
    strings: ["firstName", "lastName", "email", "timeshareName", "captchaToken", "client.screenResolution", "client.timezone", "client.language"],
    others: ["newsletterConsent", "wantsUpdates", "client"],
    required: ["firstName", "lastName", "email"],
  },
  [REPORT]: {
    // every optional field present, so a wrong type for one is a change and must be refused
    valid: (n) => ({
      reporter: {
        fullName: "Ana Lima",
        email: `bad-input-${run}-${n}@example.com`,
        city: "Orlando",
        state: "FL",
        ageRange: "30\u201345",
        speakWithTeam: false,
        shareAnonymously: true,
      },
      scamTypes: [{ type: "other", description: "They asked for a transfer fee." }],
      contactMethods: [{ method: "in_person", location: "Orlando", eventType: "Owner update" }],
      moneyLost: true,
      amountLost: 1200,
      dateOccurred: "2025-03-07",
      scammer: { name: "John Smith", company: "Resale Pros", phone: "+1 555 123 4567", email: "john@example.com", website: "https://resale.example" },
      evidence: {},
      reportedElsewhere: true,
      reportedTo: "Attorney General",
      wantUpdates: false,
      client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
    }),
    strings: [
      "reporter.fullName",
      "reporter.email",
      "reporter.city",
      "reporter.state",
      "reporter.ageRange",
      "scamTypes.0.description",
      "contactMethods.0.location",
      "contactMethods.0.eventType",
      "dateOccurred",
      "scammer.name",
      "scammer.company",
      "scammer.phone",
      "scammer.email",
      "scammer.website",
      "reportedTo",
      "captchaToken",
      "client.screenResolution",
      "client.timezone",
      "client.language",
    ],
    others: [
      "reporter",
      "reporter.speakWithTeam",
      "reporter.shareAnonymously",
      "scamTypes",
      "contactMethods",
      "moneyLost",
      "amountLost",
      "scammer",
      "evidence",
      "reportedElsewhere",
      "wantUpdates",
      "client",
    ],
    required: ["reporter.fullName", "reporter.email", "reporter.city", "reporter.state", "scamTypes", "contactMethods"],
  },
  [UPLOAD]: {
    valid: () => ({ purpose: "details", fileName: "screenshot.png", size: 1234 }),
    strings: ["purpose", "fileName"],
    others: ["size"],
    required: ["purpose", "fileName", "size"],
  },
  [LEAD]: {
    valid: (n) => ({
      fullName: "Ana Lima",
      email: `bad-input-${run}-${n}@example.com`,
      newsletterConsent: true,
      client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
    }),
    strings: ["fullName", "email", "captchaToken", "client.screenResolution", "client.timezone", "client.language"],
    others: ["newsletterConsent", "client"],
    required: ["fullName", "email"],
  },
  [NEWSLETTER_CONFIRM]: {
    valid: () => ({ token: "A".repeat(43) }),
    strings: ["token"],
    others: [],
    required: ["token"],
  },
  [SIGNATURE_CONFIRM]: {
    valid: () => ({ token: "A".repeat(43) }),
    strings: ["token"],
    others: [],
    required: ["token"],
  },
  [NEWSLETTER_UNSUBSCRIBE]: {
    valid: () => ({ token: "A".repeat(43) }),
    strings: ["token"],
    others: [],
    required: ["token"],
  },
  [NEWSLETTER_RESUBSCRIBE]: {
    valid: () => ({ token: "A".repeat(43) }),
    strings: ["token"],
    others: [],
    required: ["token"],
  },
  [PRIVACY_REQUEST]: {
    valid: (n) => ({ email: `bad-input-${run}-${n}@example.com` }),
    strings: ["email", "captchaToken"],
    others: [],
    required: ["email"],
  },
  ...Object.fromEntries(PRIVACY_LINK.map((key) => [key, { valid: () => ({ token: "A".repeat(43) }), strings: ["token"], others: [], required: ["token"] }])),
  // the status token of an erasure run as a job: the request's id and a secret
  [ERASURE_STATUS]: { valid: () => ({ statusToken: `${"0".repeat(21)}.${"A".repeat(43)}` }), strings: ["statusToken"], others: [], required: ["statusToken"] },
  // /my-data's "Show more": the previous page's cursor (a time and a hash)
  "POST /api/privacy/records": {
    valid: () => ({ token: "A".repeat(43), cursor: `${"0".repeat(9)}.${"A".repeat(22)}` }),
    strings: ["token", "cursor"],
    others: [],
    required: ["token"],
  },
  // the erase button's choice to be e-mailed again
  "POST /api/privacy/erase": { valid: () => ({ token: "A".repeat(43), mailAgain: true }), strings: ["token"], others: ["mailAgain"], required: ["token"] },
  [WITHDRAW]: { valid: () => ({ token: `20000.${"A".repeat(43)}` }), strings: ["token"], others: [], required: ["token"] },
  [WITHDRAW_LINK]: { valid: () => ({ send: true }), strings: [], others: ["send"], required: ["send"] },
  [UPDATES_STOP]: { valid: () => ({ token: "A".repeat(43) }), strings: ["token"], others: [], required: ["token"] },
  "POST /api/report-status/link": {
    valid: (n) => ({ reference: "TSR-0000-0000", email: `bad-input-${run}-${n}@example.com` }),
    strings: ["reference", "email"],
    others: [],
    required: ["reference", "email"],
  },
  "POST /api/report-status/unsubscribe": {
    valid: () => ({ reportId: "0".repeat(21), token: "A".repeat(43) }),
    strings: ["reportId", "token"],
    others: [],
    required: ["reportId", "token"],
  },
  "POST /api/public/scam-alerts/{slug}/corrections": {
    valid: (n) => ({ company: "Exit Pros LLC", fullName: "Lee Counsel", email: `bad-input-${run}-${n}@example.com`, message: "We are another company." }),
    strings: ["company", "fullName", "email", "message", "captchaToken"],
    others: ["client"],
    required: ["company", "fullName", "email", "message"],
  },
  [ANALYTICS_EVENT]: {
    valid: (n) => ({ t: "event", n: "signature", p: `/sign/bad-input-${run}?utm_source=bad-input-${n}`, r: "https://example.com/" }),
    strings: ["t", "n", "p", "r"],
    others: [],
    required: ["t", "n", "p"],
  },
};
/**
 * Requests per route: every fixed case (about 90–1,200 a route: each junk value once, each field with
 * each wrong type and nasty string), then random combinations up to this many.
 */
const perRoute = (r: Route) => (bodies[routeKey(r)] ? 250 : 130);

let api: Awaited<ReturnType<typeof startLocalApi>>;
let petitionId: string;
const generate = (route: Route) =>
  badRequestsFor(
    route,
    { seed: SEED, perRoute, bodies, param: (_, name) => (name === "id" ? petitionId : name === "form" ? "checklist" : `x-${name}`) },
    publicRoutes.indexOf(route) * 10_000,
  );

beforeAll(async () => {
  await useOwnTable("bad-input");
  // One machine sends every request; the per-client limit must not turn well-formed ones into 429s.
  vi.stubEnv("SIGN_RATE_LIMIT_PER_MINUTE", "1000000");
  vi.stubEnv("REPORT_RATE_LIMIT_PER_MINUTE", "1000000");
  vi.stubEnv("UPLOAD_RATE_LIMIT_PER_MINUTE", "1000000");
  vi.stubEnv("LEAD_RATE_LIMIT_PER_MINUTE", "1000000");
  vi.stubEnv("NEWSLETTER_CONFIRM_RATE_LIMIT_PER_MINUTE", "1000000");
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000000");
  resetSettings();
  petitionId = (await Petition.create({ id: settings().DEFAULT_PETITION_ID, title: "Bad input", story: "Fixture.", goal: 10, verifySignatures: false })).id;
  // Events are not under test here; the handlers publish into this stand-in.
  Bus.deliverLocallyWith(() => {});
  api = await startLocalApi();
});

afterAll(async () => {
  await api?.close();
  vi.unstubAllEnvs();
  resetSettings();
});

const counted = (s: Snapshot) => [...s.values()].filter((v) => v.item.type === "counterShard").reduce((n, v) => n + Number(v.item.count ?? 0), 0);
interface Sent {
  r: BadRequest;
  res?: RawResponse;
  error?: string;
}

/** Sends the requests over HTTP, CONCURRENCY at a time, each with `headers` added; one that gets no answer keeps its error. */
async function sendAll(requests: BadRequest[], headers: Record<string, string> = {}): Promise<Sent[]> {
  const results: Sent[] = [];
  await runPool(requests.length, CONCURRENCY, async (i) => {
    const r = requests[i];
    try {
      results.push({ r, res: await rawRequest(api.port, { method: r.method, path: r.path, headers: { ...headers, ...r.headers }, body: r.body }) });
    } catch (err) {
      results.push({ r, error: String(err) });
    }
  });
  return results;
}

/** The requests answered 500 or more, or not at all, described for the failure report. */
const serverFailures = (results: Sent[]) =>
  results.filter((x) => x.error || x.res!.status >= 500).map((x) => `${x.error ?? `${x.res!.status} ${x.res!.body.slice(0, 200)}`} ← ${describeRequest(x.r)}`);

const failureReport = (lines: string[]) =>
  `seed ${SEED} (replay with BAD_INPUT_SEED=${SEED}); ${lines.length} failing, the first:\n${lines.slice(0, 15).join("\n")}`;

it("generates at least 1,000 requests across the public routes", () => {
  expect(publicRoutes.reduce((n, r) => n + generate(r).length, 0)).toBeGreaterThanOrEqual(1000);
});

it("an id no petition can have is not found, however long (DynamoDB refuses keys over 2 KB)", async () => {
  const id = "a".repeat(3000);
  const get = await rawRequest(api.port, { method: "GET", path: `/api/petitions/${id}` });
  expect([get.status, JSON.parse(get.body)]).toEqual([404, { error: "Petition not found" }]);
  const sign = await rawRequest(api.port, {
    method: "POST",
    path: `/api/petitions/${id}/signatures`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(bodies[SIGN].valid(-2)),
  });
  expect([sign.status, JSON.parse(sign.body)]).toEqual([404, { error: "Petition not found" }]);
  const count = await rawRequest(api.port, { method: "GET", path: `/api/public/petitions/${id}` });
  expect([count.status, JSON.parse(count.body)]).toEqual([404, { error: "Petition not found" }]);
});

describe.each(publicRoutes.map((r) => [routeKey(r), r] as const))("%s", (key, route) => {
  it("answers every generated bad request below 500 and writes only what it may", async () => {
    const requests = generate(route);
    const before = await snapshot();
    const results = await sendAll(requests);
    const after = await snapshot();

    const failed = serverFailures(results);
    expect(failed.length, failureReport(failed)).toBe(0);

    const allowed = allowedWrites[key] ?? [];
    const changes = diff(before, after);
    const disallowed = changes.filter((c) => c.change === "removed" || !allowed.includes(c.kind));
    expect(disallowed.length, `seed ${SEED}: ${key} may write ${JSON.stringify(allowed)} only:\n${describeChanges(disallowed).slice(0, 3000)}`).toBe(0);
    const injected = changes.filter((c) => JSON.stringify(c.item).includes("INJECTED"));
    expect(injected.length, `seed ${SEED}: fields the client may not set were stored:\n${describeChanges(injected)}`).toBe(0);

    if (allowed.length && route.method !== "GET") {
      // A write route refuses every request that is not well-formed, whatever else it gets wrong (a read that
      // counts itself, the scam alert lookup, answers as the other reads do).
      const taken = results.filter((x) => !x.r.mayWrite && x.res!.status < 300).map((x) => `${x.res!.status} ← ${describeRequest(x.r)}`);
      expect(taken.length, failureReport(taken)).toBe(0);
    }
    if (allowed.includes("signature")) {
      const created = results.filter((x) => x.res!.status === 201).map((x) => (JSON.parse(x.res!.body) as { signatureId: string }).signatureId);
      const stored = changes.filter((c) => c.kind === "signature").map((c) => String(c.item.id));
      expect(created.length, "some well-formed requests must have been accepted").toBeGreaterThan(50);
      // the second of the duplicate pair is answered as a first signature and stores nothing (no enumeration)
      const repeats = Math.max(0, results.filter((x) => x.r.label === "well-formed, sent twice (duplicate)" && x.res!.status === 201).length - 1);
      expect(repeats).toBe(1);
      expect(created).toEqual(expect.arrayContaining(stored));
      expect(stored).toHaveLength(created.length - repeats);
      expect(counted(after) - counted(before)).toBe(stored.length);
      for (const kind of ["emailGuard", "sigIndex"]) expect(changes.filter((c) => c.kind === kind && c.change === "added")).toHaveLength(stored.length);
    }
    if (allowed.includes("report")) {
      const created = results.filter((x) => x.res!.status === 201).map((x) => (JSON.parse(x.res!.body) as { reportId: string }).reportId);
      const stored = changes.filter((c) => c.kind === "report").map((c) => String(c.item.id));
      expect(created.length, "some well-formed requests must have been accepted").toBeGreaterThan(50);
      expect(stored.sort()).toEqual(created.sort());
      expect(changes.filter((c) => c.kind === "reportRef" && c.change === "added")).toHaveLength(created.length);
    }
    if (allowed.includes("lead")) {
      const created = results.filter((x) => x.res!.status === 201).map((x) => (JSON.parse(x.res!.body) as { id: string }).id);
      const stored = changes.filter((c) => c.kind === "lead").map((c) => String(c.item.id));
      expect(created.length, "some well-formed requests must have been accepted").toBeGreaterThan(50);
      expect(stored.sort()).toEqual(created.sort());
      expect(changes.filter((c) => c.kind === "leadIndex" && c.change === "added")).toHaveLength(created.length);
    }
  });
});

/**
 * The newsletter issue routes (admin): the same kind of generated bad requests, sent by a
 * signed-in administrator so they reach the handlers, each route against a draft of its own. Not
 * one 500; only the route's own kinds of items written; a body that is not well-formed never taken.
 */
describe("newsletter issue routes (as an administrator)", () => {
  const issueRoutes = routes.filter((r) => r.access === "admin" && r.path.startsWith("/api/admin/newsletter/issues"));
  const content: BodyModel = {
    valid: (n) => ({ subject: `Bad input issue ${run} ${n}`, body: "# Hello\n\nSome **news**, a [link](https://example.org)." }),
    strings: ["subject", "body"],
    others: [],
    required: ["subject", "body"],
  };
  const WITH_CONTENT = [
    "POST /api/admin/newsletter/issues",
    "PUT /api/admin/newsletter/issues/{id}",
    "POST /api/admin/newsletter/issues/preview",
    "POST /api/admin/newsletter/issues/test",
  ];
  const drafts = ["newsletterIssue", "newsletterIssueBody"];
  /** What each route may write (`removed` only for the delete); the test send e-mails the administrator and audits it. */
  const issueWrites: Record<string, string[]> = {
    "POST /api/admin/newsletter/issues": drafts,
    "PUT /api/admin/newsletter/issues/{id}": drafts,
    "DELETE /api/admin/newsletter/issues/{id}": [...drafts, "audit"],
    "POST /api/admin/newsletter/issues/test": ["audit", "mailBudget"],
    // the bus is a stand-in here: starting writes the issue, its job, the first batch's event and the audit entry
    "POST /api/admin/newsletter/issues/{id}/send": ["newsletterIssue", "job", "outbox", "audit"],
    "POST /api/admin/newsletter/issues/{id}/resume": [],
  };
  let token: string;

  beforeAll(async () => {
    const e = inject("emulators");
    token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-input-${run}@example.org`, true)).accessToken;
  });

  it("covers every issue route", () => {
    expect(issueRoutes.map(routeKey).sort()).toEqual(
      [
        ...Object.keys(issueWrites),
        "GET /api/admin/newsletter/issues",
        "GET /api/admin/newsletter/issues/audience",
        "GET /api/admin/newsletter/issues/{id}",
        "POST /api/admin/newsletter/issues/preview",
      ].sort(),
    );
  });

  it.each(issueRoutes.map((r) => [routeKey(r), r] as const))(
    "%s answers every generated bad request below 500 and writes only what it may",
    async (key, route) => {
      const draft = await Issues.create({ subject: `Bad input target ${run}`, body: "Target." }, "bad-input@example.org");
      const requests = badRequestsFor(route, {
        seed: SEED,
        perRoute: () => (WITH_CONTENT.includes(key) ? 250 : 120),
        bodies: Object.fromEntries(WITH_CONTENT.map((k) => [k, content])),
        param: () => draft.id,
      });
      const before = await snapshot();
      const results = await sendAll(requests, { authorization: `Bearer ${token}` });
      const after = await snapshot();

      const failed = serverFailures(results);
      expect(failed.length, failureReport(failed)).toBe(0);

      // a request with another method reaches the route of that method at the same path
      const samePath = issueRoutes.filter((r) => r.path === route.path);
      const allowed = samePath.flatMap((r) => issueWrites[routeKey(r)] ?? []);
      const removable = samePath.some((r) => r.method === "DELETE") ? drafts : [];
      const disallowed = diff(before, after).filter((c) => !allowed.includes(c.kind) || (c.change === "removed" && !removable.includes(c.kind)));
      expect(disallowed.length, `seed ${SEED}: ${key} may write ${JSON.stringify(allowed)} only:\n${describeChanges(disallowed).slice(0, 3000)}`).toBe(0);

      if (WITH_CONTENT.includes(key)) {
        // (a request with another method is another route's, which may well answer it)
        const taken = results
          .filter((x) => !x.r.mayWrite && x.r.method === route.method && x.res!.status < 300)
          .map((x) => `${x.res!.status} ← ${describeRequest(x.r)}`);
        expect(taken.length, failureReport(taken)).toBe(0);
        // the handler's refusals of bad content say what is wrong
        const refused = results.filter((x) => x.res!.status === 400 && x.r.method === route.method && x.r.path === route.path.replace(/\{\w+\}/g, draft.id));
        expect(refused.length).toBeGreaterThan(20);
        for (const x of refused) expect(typeof (JSON.parse(x.res!.body) as { error?: unknown }).error, describeRequest(x.r)).toBe("string");
      }
    },
  );
});

/**
 * The suppression list's routes (admin), the same way: not one 500, and only a lifted
 * entry removed (with its audit entry); a request for a person with no entry changes nothing.
 */
describe("suppression list routes (as an administrator)", () => {
  const suppressionRoutes = routes.filter((r) => r.access === "admin" && r.path.startsWith("/api/admin/mail/suppressions"));
  let token: string;

  beforeAll(async () => {
    const e = inject("emulators");
    token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-input-mail-${run}@example.org`, true)).accessToken;
  });

  it("covers every suppression route", () => {
    expect(suppressionRoutes.map(routeKey).sort()).toEqual(["GET /api/admin/mail/suppressions", "POST /api/admin/mail/suppressions/lift"]);
  });

  it.each(suppressionRoutes.map((r) => [routeKey(r), r] as const))(
    "%s answers every generated bad request below 500 and writes only what it may",
    async (key, route) => {
      const address = `bad-input-suppressed-${run}-${route.method}@example.org`;
      await Suppression.suppress("complaint", { address, kind: "bad-input", at: new Date().toISOString() });
      const lift: BodyModel = { valid: () => ({ person: keptPersonHash(address) }), strings: ["person"], others: [], required: ["person"] };
      const requests = badRequestsFor(route, { seed: SEED, perRoute: () => 150, bodies: { [key]: lift }, param: () => "unused" });
      const before = await snapshot();
      const results = await sendAll(requests, { authorization: `Bearer ${token}` });
      const after = await snapshot();
      const failed = serverFailures(results);
      expect(failed.length, failureReport(failed)).toBe(0);
      const lifting = route.method === "POST";
      const disallowed = diff(before, after).filter((c) => !(lifting && ((c.kind === "suppression" && c.change === "removed") || c.kind === "audit")));
      expect(disallowed.length, `seed ${SEED}: ${key}:\n${describeChanges(disallowed).slice(0, 3000)}`).toBe(0);
      // the route's own refusals say what is wrong
      const own = results.filter((x) => x.r.method === route.method && x.r.path.split("?")[0] === route.path && x.res!.status === 400);
      for (const x of own) expect(typeof (JSON.parse(x.res!.body) as { error?: unknown }).error, describeRequest(x.r)).toBe("string");
    },
  );
});

/**
 * The report-text search (admin), the same way: not one 500; a well-formed text starts a job (its
 * item and its event, nothing else: the bus is a stand-in here), anything else is refused with a
 * message and writes nothing.
 */
describe("report text search route (as an administrator)", () => {
  const KEY = "POST /api/admin/reports/text-searches";
  const route = routes.find((r) => routeKey(r) === KEY)!;
  const text: BodyModel = { valid: (n) => ({ text: `escrow release fee ${run} ${n}` }), strings: ["text"], others: [], required: ["text"] };
  let token: string;

  beforeAll(async () => {
    const e = inject("emulators");
    token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-input-search-${run}@example.org`, true)).accessToken;
  });

  it("answers every generated bad request below 500 and writes only a job and its event", async () => {
    expect(route).toBeDefined();
    const requests = badRequestsFor(route, { seed: SEED, perRoute: () => 250, bodies: { [KEY]: text }, param: (_, name) => `x-${name}` });
    const before = await snapshot();
    const results = await sendAll(requests, { authorization: `Bearer ${token}` });
    const after = await snapshot();
    const failed = serverFailures(results);
    expect(failed.length, failureReport(failed)).toBe(0);

    const changes = diff(before, after);
    const disallowed = changes.filter((c) => c.change !== "added" || !["job", "outbox"].includes(c.kind));
    expect(disallowed.length, `seed ${SEED}: ${KEY}:\n${describeChanges(disallowed).slice(0, 3000)}`).toBe(0);
    const own = results.filter((x) => x.r.method === route.method && x.r.path === route.path);
    const taken = own.filter((x) => !x.r.mayWrite && x.res!.status < 300).map((x) => `${x.res!.status} ← ${describeRequest(x.r)}`);
    expect(taken.length, failureReport(taken)).toBe(0);
    // (a request with a query string reaches the route too)
    const started = results.filter((x) => x.res!.status === 202);
    expect(started.length, "some well-formed requests must have been accepted").toBeGreaterThan(5);
    expect(changes.filter((c) => c.kind === "job")).toHaveLength(started.length);
    const refused = own.filter((x) => x.res!.status === 400);
    expect(refused.length).toBeGreaterThan(20);
    for (const x of refused) expect(typeof (JSON.parse(x.res!.body) as { error?: unknown }).error, describeRequest(x.r)).toBe("string");
  });
});

/**
 * The delivery pack (admin), the same way: not one 500; a well-formed request for a petition that
 * exists starts a job (its item and its event, nothing else: the bus is a stand-in here), anything
 * else is refused with a message and writes nothing.
 */
describe("delivery pack route (as an administrator)", () => {
  const KEY = "POST /api/admin/petitions/{id}/delivery-pack";
  const route = routes.find((r) => routeKey(r) === KEY)!;
  const pack: BodyModel = {
    valid: (n) => ({ state: ["CA", "fl", "TX"][n % 3] }),
    strings: ["state"],
    others: [],
    required: [],
  };
  let token: string;

  beforeAll(async () => {
    const e = inject("emulators");
    token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-input-pack-${run}@example.org`, true)).accessToken;
  });

  it("answers every generated bad request below 500 and writes only a job and its event", async () => {
    expect(route).toBeDefined();
    const requests = badRequestsFor(route, { seed: SEED, perRoute: () => 250, bodies: { [KEY]: pack }, param: () => petitionId });
    const before = await snapshot();
    const results = await sendAll(requests, { authorization: `Bearer ${token}` });
    const after = await snapshot();
    const failed = serverFailures(results);
    expect(failed.length, failureReport(failed)).toBe(0);

    const changes = diff(before, after);
    const disallowed = changes.filter((c) => c.change !== "added" || !["job", "outbox"].includes(c.kind));
    expect(disallowed.length, `seed ${SEED}: ${KEY}:\n${describeChanges(disallowed).slice(0, 3000)}`).toBe(0);
    const own = results.filter((x) => x.r.method === route.method && x.r.path === route.path.replace("{id}", petitionId));
    const taken = own.filter((x) => !x.r.mayWrite && x.res!.status < 300).map((x) => `${x.res!.status} ← ${describeRequest(x.r)}`);
    expect(taken.length, failureReport(taken)).toBe(0);
    const started = results.filter((x) => x.res!.status === 202);
    expect(started.length, "some well-formed requests must have been accepted").toBeGreaterThan(5);
    expect(changes.filter((c) => c.kind === "job")).toHaveLength(started.length);
    const refused = own.filter((x) => x.res!.status === 400);
    expect(refused.length).toBeGreaterThan(20);
    for (const x of refused) expect(typeof (JSON.parse(x.res!.body) as { error?: unknown }).error, describeRequest(x.r)).toBe("string");
  });
});

/**
 * A petition's update routes (admin), the same way: not one 500; the outcome is sent once (its
 * head, body, job, event and audit entry: the bus is a stand-in here) and every later request,
 * well-formed or not, is refused with a message and writes nothing; the list and resume write nothing.
 */
describe("petition update routes (as an administrator)", () => {
  const updateRoutes = routes.filter((r) => r.access === "admin" && /^\/api\/admin\/petitions\/\{id\}\/updates/.test(r.path));
  const OUTCOME = "POST /api/admin/petitions/{id}/updates/outcome";
  const content: BodyModel = {
    valid: (n) => ({ subject: `The outcome ${run} ${n}`, body: "# We won\n\nThe law **passed**." }),
    strings: ["subject", "body"],
    others: [],
    required: ["subject", "body"],
  };
  let token: string;

  beforeAll(async () => {
    const e = inject("emulators");
    token = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `bad-input-updates-${run}@example.org`, true)).accessToken;
  });

  it("covers every update route", () => {
    expect(updateRoutes.map(routeKey).sort()).toEqual(
      ["GET /api/admin/petitions/{id}/updates", OUTCOME, "POST /api/admin/petitions/{id}/updates/{updateId}/resume"].sort(),
    );
  });

  it.each(updateRoutes.map((r) => [routeKey(r), r] as const))(
    "%s answers every generated bad request below 500 and writes only what it may",
    async (key, route) => {
      const target = await Petition.create({ title: `Updates ${run} ${route.method}`, story: "Fixture.", goal: 10, verifySignatures: false });
      const requests = badRequestsFor(route, {
        seed: SEED,
        perRoute: () => (key === OUTCOME ? 250 : 120),
        bodies: { [OUTCOME]: content },
        param: (_, name) => (name === "id" ? target.id : "outcome"),
      });
      const before = await snapshot();
      const results = await sendAll(requests, { authorization: `Bearer ${token}` });
      const after = await snapshot();
      const failed = serverFailures(results);
      expect(failed.length, failureReport(failed)).toBe(0);

      const changes = diff(before, after);
      const own = results.filter((x) => x.r.method === route.method && x.r.path === route.path.replace("{id}", target.id).replace("{updateId}", "outcome"));
      if (key === OUTCOME) {
        const disallowed = changes.filter((c) => c.change !== "added" || !["petitionUpdate", "mailingBody", "job", "outbox", "audit"].includes(c.kind));
        expect(disallowed.length, `seed ${SEED}: ${key}:\n${describeChanges(disallowed).slice(0, 3000)}`).toBe(0);
        const started = results.filter((x) => x.res!.status === 202);
        expect(started, "exactly one well-formed request sends the outcome").toHaveLength(1);
        expect(changes.filter((c) => c.kind === "petitionUpdate")).toHaveLength(1);
        const again = own.filter((x) => x.res!.status === 409);
        expect(again.length, "later well-formed requests are refused as already sent").toBeGreaterThan(5);
        for (const x of again) expect(JSON.parse(x.res!.body)).toEqual({ error: "The outcome of this petition has already been sent to its signers" });
        const refused = own.filter((x) => x.res!.status === 400);
        expect(refused.length).toBeGreaterThan(20);
        for (const x of refused) expect(typeof (JSON.parse(x.res!.body) as { error?: unknown }).error, describeRequest(x.r)).toBe("string");
      } else {
        // another method at the same path may reach the outcome route
        const disallowed = changes.filter((c) => !(route.method !== "POST" && ["petitionUpdate", "mailingBody", "job", "outbox", "audit"].includes(c.kind)));
        expect(disallowed.length, `seed ${SEED}: ${key}:\n${describeChanges(disallowed).slice(0, 3000)}`).toBe(0);
      }
    },
  );
});
