/**
 * Every admin route of the route table × every way a caller can fail to be an administrator, over
 * HTTP through the local server (which does what API Gateway's JWT authorizer does) and straight at
 * the handlers: 401 or 403, and the table is left exactly as it was. A route added to the table is
 * covered without touching this file; give it a sample body below if `{}` would not reach a write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { Lead } from "@site/core/lead";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "@site/core/db/client";
import { Newsletter } from "@site/core/newsletter";
import { Issues } from "@site/core/newsletter/issues/index";
import { Petition } from "@site/core/petition";
import { Report } from "@site/core/report";
import { Signature } from "@site/core/signature";
import { fromHeaders } from "@site/core/request/metadata";
import { routes, routeKey, type Route } from "../../packages/functions/src/routes";
import { loadHandler } from "../../scripts/local/handlers";
import { call, httpEvent } from "../support/http";
import { signer } from "../support/fixtures";
import { minimalReport } from "../support/reports";
import { startLocalApi } from "../support/local-api";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";
import { decodeClaims, hmacJwt, signIn, signJwt, unsignedJwt, untrustedKey, type Claims } from "../support/tokens";
import { alteredToken } from "../support/altered-token";
import type { HttpEvent } from "../../packages/functions/src/lib/http";

const e = inject("emulators");
const adminRoutes = routes.filter((r) => r.access === "admin");
const FORBIDDEN = { error: "Access denied. Please verify you have admin privileges." };

let api: Awaited<ReturnType<typeof startLocalApi>>;
let fixture: { petitionId: string; signatureId: string; reportId: string; leadForm: Lead.LeadForm; leadId: string; issueId: string; subscriberEmail: string };
const tokens = { adminAccess: "", adminId: "", memberAccess: "", memberId: "" };

/** Bodies that would write if the call got through, so "nothing written" means something. */
const sampleBodies: Record<string, unknown> = {
  "POST /api/admin/petitions": { title: "Injected", story: "Should never be stored.", goal: 10 },
  "PATCH /api/admin/petitions/{id}": { goal: 5 },
  "POST /api/admin/petitions/{id}/delivery-pack": { state: "CA" },
  "POST /api/admin/petitions/{id}/updates/outcome": { subject: "Injected", body: "Should never be sent." },
  "POST /api/admin/signatures/delete-all": { confirm: "CONFIRM" },
  "PATCH /api/admin/reports/{id}": { status: "spam" },
  "POST /api/admin/reports/delete-all": { confirm: "CONFIRM" },
  "POST /api/admin/reports/text-searches": { text: "transfer fee" },
  "POST /api/admin/leads/{form}/delete-all": { confirm: "CONFIRM" },
  "POST /api/admin/newsletter/issues": { subject: "Injected", body: "Should never be stored." },
  "PUT /api/admin/newsletter/issues/{id}": { subject: "Injected", body: "Should never be stored." },
  "POST /api/admin/newsletter/issues/test": { subject: "Injected", body: "Should never be sent." },
};

/** Path parameters point at real items, so a destructive route that got through would show. */
const paramValue = (path: string, name: string) =>
  name === "id"
    ? path.startsWith("/api/admin/reports/")
      ? fixture.reportId
      : path.startsWith("/api/admin/leads/")
        ? fixture.leadId
        : path.startsWith("/api/admin/newsletter/issues/")
          ? fixture.issueId
          : fixture.petitionId
    : name === "signatureId"
      ? fixture.signatureId
      : name === "form"
        ? fixture.leadForm
        : name === "email"
          ? fixture.subscriberEmail
          : name === "updateId"
            ? "outcome"
            : `test-${name}`;
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => paramValue(path, name));
const paramsOf = (route: Route) => Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, paramValue(route.path, name)]));
const bodyOf = (route: Route) => (["GET", "DELETE"].includes(route.method) ? undefined : (sampleBodies[routeKey(route)] ?? {}));

interface Credential {
  name: string;
  authorization: () => string | undefined;
  status: 401 | 403;
}

const now = () => Math.floor(Date.now() / 1000);
/** A real administrator's claims with some changed, re-signed with cognito-local's own key. */
const adminWith = (changes: Claims, template = tokens.adminAccess) => {
  const claims = { ...decodeClaims(template), ...changes };
  for (const [k, v] of Object.entries(changes)) if (v === undefined) delete claims[k];
  return claims;
};
const bearer = (token: string) => `Bearer ${token}`;

const credentials: Credential[] = [
  { name: "no token", authorization: () => undefined, status: 401 },
  { name: "empty bearer", authorization: () => "Bearer ", status: 401 },
  { name: "another scheme", authorization: () => `Basic ${Buffer.from("admin:admin").toString("base64")}`, status: 401 },
  { name: "token without the Bearer scheme", authorization: () => tokens.adminAccess, status: 401 },
  { name: "malformed: not a JWT", authorization: () => bearer("not-a-token"), status: 401 },
  { name: "malformed: garbage segments", authorization: () => bearer("a.b.c"), status: 401 },
  { name: "malformed: truncated", authorization: () => bearer(tokens.adminAccess.slice(0, -20)), status: 401 },
  { name: "malformed: huge", authorization: () => bearer("A".repeat(6000)), status: 401 },
  {
    name: "bad signature: altered",
    authorization: () => bearer(alteredToken(tokens.adminAccess)),
    status: 401,
  },
  { name: "bad signature: another key", authorization: () => bearer(signJwt(adminWith({}), { privateKeyPem: untrustedKey() })), status: 401 },
  {
    name: "bad signature: a member's token with the admin group spliced in",
    authorization: () => {
      const [header, , signature] = tokens.memberAccess.split(".");
      const payload = Buffer.from(JSON.stringify({ ...decodeClaims(tokens.memberAccess), "cognito:groups": ["admin"] })).toString("base64url");
      return bearer(`${header}.${payload}.${signature}`);
    },
    status: 401,
  },
  { name: "bad signature: alg none", authorization: () => bearer(unsignedJwt(adminWith({}))), status: 401 },
  { name: "bad signature: HS256 keyed with the client id", authorization: () => bearer(hmacJwt(adminWith({}), e.clientId)), status: 401 },
  { name: "expired", authorization: () => bearer(signJwt(adminWith({ iat: now() - 7200, auth_time: now() - 7200, exp: now() - 3600 }))), status: 401 },
  { name: "no expiry", authorization: () => bearer(signJwt(adminWith({ exp: undefined }))), status: 401 },
  { name: "other issuer: another pool", authorization: () => bearer(signJwt(adminWith({ iss: `${e.cognito}/us-east-1_Other0000` }))), status: 401 },
  {
    name: "other issuer: real Cognito",
    authorization: () => bearer(signJwt(adminWith({ iss: `https://cognito-idp.us-east-1.amazonaws.com/${e.userPoolId}` }))),
    status: 401,
  },
  { name: "other client: access token", authorization: () => bearer(signJwt(adminWith({ client_id: "another-app-client" }))), status: 401 },
  { name: "other client: ID token", authorization: () => bearer(signJwt(adminWith({ aud: "another-app-client" }, tokens.adminId))), status: 401 },
  { name: "no client", authorization: () => bearer(signJwt(adminWith({ client_id: undefined }))), status: 401 },
  { name: "non-admin user: access token", authorization: () => bearer(tokens.memberAccess), status: 403 },
  { name: "non-admin user: ID token", authorization: () => bearer(tokens.memberId), status: 403 },
  { name: "non-admin claims, validly signed", authorization: () => bearer(signJwt(adminWith({ "cognito:groups": ["admins", "editors"] }))), status: 403 },
];

beforeAll(async () => {
  await useOwnTable("authz");
  const petition = await Petition.create({
    id: `authz-${crypto.randomUUID().slice(0, 8)}`,
    title: "Authz",
    story: "Fixture.",
    goal: 10,
    verifySignatures: false,
  });
  const s = signer(1);
  const { signature } = await Signature.create({
    petitionId: petition.id,
    client: "198.51.100.1",
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    newsletterConsent: false,
    meta: Signature.metaDetails(fromHeaders({ "user-agent": "test" }, "198.51.100.1")),
  });
  const { report } = await Report.create({
    submission: Report.ReportInput.parse(minimalReport("authz")),
    client: "198.51.100.2",
    meta: Signature.metaDetails(fromHeaders({ "user-agent": "test" }, "198.51.100.2")),
  });
  const { lead } = await Lead.create({
    form: "checklist",
    submission: Lead.LeadInput.parse({ fullName: "Authz Lead", email: "authz-lead@example.com" }),
    client: "198.51.100.3",
    meta: Signature.metaDetails(fromHeaders({ "user-agent": "test" }, "198.51.100.3")),
  });
  const issue = await Issues.create({ subject: "Authz draft", body: "Fixture." }, "authz@example.org");
  const subscriberEmail = "authz-subscriber@example.com";
  const at = new Date().toISOString();
  const subscriber = {
    email: subscriberEmail,
    emailNormalized: subscriberEmail,
    name: "Authz Subscriber",
    status: "confirmed" as const,
    consents: [{ source: "scam-report", at }],
    confirmedAt: at,
    unsubscribeToken: "A".repeat(43),
    createdAt: at,
    source: "scam-report",
    consentAt: at,
    rev: 1,
  };
  for (const Item of Newsletter.subscriberItems(subscriber)) await db().send(new PutCommand({ TableName: table(), Item }));
  fixture = {
    petitionId: petition.id,
    signatureId: signature.id,
    reportId: report.id,
    leadForm: lead.form,
    leadId: lead.id,
    issueId: issue.id,
    subscriberEmail,
  };
  const suffix = crypto.randomUUID().slice(0, 8);
  const cognito = { endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId };
  const [admin, member] = await Promise.all([
    signIn(cognito, `authz-admin-${suffix}@example.org`, true),
    signIn(cognito, `authz-member-${suffix}@example.org`, false),
  ]);
  Object.assign(tokens, { adminAccess: admin.accessToken, adminId: admin.idToken, memberAccess: member.accessToken, memberId: member.idToken });
  api = await startLocalApi();
});

afterAll(() => api?.close());

const send = (route: Route, authorization: string | undefined) => {
  const body = bodyOf(route);
  return fetch(api.base + concrete(route.path), {
    method: route.method,
    headers: { "content-type": "application/json", ...(authorization === undefined ? {} : { authorization }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
};

describe("the authz matrix covers the route table", () => {
  it("has admin routes to cover", () => expect(adminRoutes.length).toBeGreaterThan(0));

  it("the tokens it forges differ from a real one only in what each case changes", async () => {
    // A real admin's claims re-signed with cognito-local's key are accepted: so each refusal below is
    // caused by the one claim (or the signature) that the case changed.
    const route = adminRoutes.find((r) => r.method === "GET")!;
    for (const token of [signJwt(adminWith({})), signJwt(adminWith({}, tokens.adminId)), tokens.adminAccess]) {
      const res = await send(route, bearer(token));
      expect(res.status, await res.text()).toBe(200);
    }
  });
});

describe.each(adminRoutes.map((r) => [routeKey(r), r] as const))("%s", (_, route) => {
  it("refuses every caller who is not a signed-in administrator over HTTP, and writes nothing", async () => {
    const before = await snapshot();
    const results = await Promise.all(
      credentials.map(async (c) => {
        const res = await send(route, c.authorization());
        return { c, status: res.status, body: (await res.json()) as unknown };
      }),
    );
    const wrong = results.filter((r) => r.status !== r.c.status).map((r) => `${r.c.name}: ${r.status} ${JSON.stringify(r.body)}`);
    expect(wrong, `expected refusals:\n${wrong.join("\n")}`).toEqual([]);
    for (const r of results.filter((x) => x.status === 403)) expect(r.body).toEqual(FORBIDDEN);
    for (const r of results.filter((x) => x.status === 401)) expect(r.body).toMatchObject({ error: "Authentication required" });
    const changes = diff(before, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
  });

  it("its handler refuses a request that reached it without admin claims, and writes nothing", async () => {
    const handler = (await loadHandler(route.handler)) as (e: HttpEvent, c: never) => Promise<unknown>;
    const event = (claims?: Record<string, string | string[]>) =>
      httpEvent({ method: route.method, path: concrete(route.path), routeKey: routeKey(route), pathParameters: paramsOf(route), body: bodyOf(route), claims });
    const before = await snapshot();
    expect((await call(handler, event())).statusCode).toBe(401);
    // API Gateway hands groups over as "[a b]"; locally they are an array. Near misses are not "admin".
    for (const groups of ["[editors]", ["editors"], "[administrators]", "[admin-readonly]", "[Admin]", "[]", ""]) {
      const res = await call(handler, event({ sub: "u1", username: "u1", "cognito:groups": groups }));
      expect(res.statusCode, `groups ${JSON.stringify(groups)}`).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    expect((await call(handler, event({ sub: "u1", username: "u1" }))).statusCode).toBe(403);
    const changes = diff(before, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
  });
});

/** The documented public API (docs/public-api.md): open to anyone, the same for everyone. */
const openRoutes = routes.filter((r) => r.path.startsWith("/api/public/"));

describe.each(openRoutes.map((r) => [routeKey(r), r] as const))("%s (public API)", (_, route) => {
  it("answers every caller alike, with or without credentials, setting no cookie and writing nothing", async () => {
    const before = await snapshot();
    const callers = [...credentials.map((c) => c.authorization), () => bearer(tokens.adminAccess)];
    const answers = await Promise.all(
      callers.map(async (authorization) => {
        const res = await send(route, authorization());
        const { updatedAt: _at, ...body } = (await res.json()) as Record<string, unknown>;
        return { status: res.status, cookie: res.headers.get("set-cookie"), body };
      }),
    );
    const expected: Record<string, { status: number; body?: object }> = {
      "GET /api/public/petitions/{id}": { status: 200, body: { id: fixture.petitionId, signatureCount: 1 } },
      // the published list (no `q`: nothing counted), an alert no one published, a correction without its fields
      "GET /api/public/scam-alerts": { status: 200, body: { alerts: [], next: null } },
      "GET /api/public/scam-alerts/{slug}": { status: 404 },
      "POST /api/public/scam-alerts/{slug}/corrections": { status: 400 },
    };
    expect(answers[0]).toMatchObject({ cookie: null, ...expected[routeKey(route)] });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const changes = diff(before, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
  });
});
