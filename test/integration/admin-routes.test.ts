import type { Server } from "node:http";
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, AdminAddUserToGroupCommand, InitiateAuthCommand } from "@aws-sdk/client-cognito-identity-provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { routes } from "../../packages/functions/src/routes";
import { handler as listPetitions } from "../../packages/functions/src/http/admin-petition-list";
import { localAuthorizer } from "../../scripts/local/auth";
import { cognitoClient } from "../../scripts/local/provision";
import { createLocalServer } from "../../scripts/local/server";
import { freePort } from "../../scripts/local/ports";
import { call, httpEvent } from "../support/http";
import { newPetition } from "../support/fixtures";

const e = inject("emulators");
const adminRoutes = routes.filter((r) => r.access === "admin");
let server: Server;
let base: string;
const tokens: Record<"admin" | "member", string> = { admin: "", member: "" };

async function userToken(email: string, admin: boolean): Promise<string> {
  const cognito = cognitoClient(e.cognito);
  const password = "Test-password-1!";
  await cognito.send(new AdminCreateUserCommand({ UserPoolId: e.userPoolId, Username: email, MessageAction: "SUPPRESS", UserAttributes: [{ Name: "email", Value: email }] }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: e.userPoolId, Username: email, Password: password, Permanent: true }));
  if (admin) await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: e.userPoolId, Username: email, GroupName: "admin" }));
  const auth = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: e.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  return auth.AuthenticationResult!.AccessToken!;
}

const concrete = (path: string) => path.replace(/\{(\w+)\}/g, "test-$1");

beforeAll(async () => {
  const suffix = crypto.randomUUID().slice(0, 8);
  [tokens.admin, tokens.member] = await Promise.all([
    userToken(`admin-${suffix}@example.org`, true),
    userToken(`member-${suffix}@example.org`, false),
  ]);
  server = createLocalServer({
    webDir: "/nonexistent",
    outboxDir: "/nonexistent",
    authorizer: localAuthorizer({
      issuer: `${e.cognito}/${e.userPoolId}`,
      jwksUri: `${e.cognito}/${e.userPoolId}/.well-known/jwks.json`,
      clientId: e.clientId,
    }),
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  base = `http://127.0.0.1:${port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const request = (method: string, path: string, token?: string) =>
  fetch(base + concrete(path), {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: method === "GET" || method === "DELETE" ? undefined : "{}",
  });

describe("every admin route of the route table", () => {
  it("exists", () => expect(adminRoutes.length).toBeGreaterThan(0));

  it.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r]))("%s refuses anonymous, forged and non-admin callers", async (_, route) => {
    const anonymous = await request(route.method, route.path);
    expect(anonymous.status).toBe(401);
    const forged = await request(route.method, route.path, tokens.admin.slice(0, -4) + "AAAA");
    expect(forged.status).toBe(401);
    const member = await request(route.method, route.path, tokens.member);
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ error: "Access denied. Please verify you have admin privileges." });
    const admin = await request(route.method, route.path, tokens.admin);
    expect([401, 403]).not.toContain(admin.status);
  });

  it("the handlers refuse a request that reached them without admin claims", async () => {
    expect((await call(listPetitions, httpEvent({}))).statusCode).toBe(401);
    expect((await call(listPetitions, httpEvent({ claims: { sub: "u1", "cognito:groups": "[editors]" } }))).statusCode).toBe(403);
    // API Gateway renders the groups claim as "[admin other]"
    expect((await call(listPetitions, httpEvent({ claims: { sub: "u1", "cognito:groups": "[admin editors]" } }))).statusCode).toBe(200);
  });
});

describe("admin petition list", () => {
  it("lists petitions newest first with their counts", async () => {
    const a = await newPetition();
    const b = await newPetition();
    const res = await request("GET", "/api/admin/petitions", tokens.admin);
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { items: { id: string; signatureCount: number }[] }).items.map((p) => p.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });
});

describe("public routes over HTTP", () => {
  it("answer JSON errors for unknown API paths", async () => {
    const res = await fetch(`${base}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});
