import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { routes, routeKey } from "../../packages/functions/src/routes";
import { newPetition } from "../support/fixtures";
import { rawRequest, startLocalApi } from "../support/local-api";
import { signIn } from "../support/tokens";

/**
 * Admin routes over HTTP through the local server. Who may call them is proved route by route in
 * authz-matrix.test.ts; this file covers what an administrator gets.
 */
const e = inject("emulators");
let api: Awaited<ReturnType<typeof startLocalApi>>;
let adminToken: string;

beforeAll(async () => {
  const suffix = crypto.randomUUID().slice(0, 8);
  adminToken = (await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, `admin-${suffix}@example.org`, true)).accessToken;
  api = await startLocalApi();
});

afterAll(() => api?.close());

describe("admin petition list", () => {
  it("lists petitions newest first with their counts", async () => {
    const a = await newPetition();
    const b = await newPetition();
    const res = await fetch(`${api.base}/api/admin/petitions`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { items: { id: string; signatureCount: number }[] }).items.map((p) => p.id);
    expect(ids).toContain(b.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });
});

describe("path parameters no item can have", () => {
  const withParams = routes.filter((r) => r.access === "admin" && r.path.includes("{"));

  // DynamoDB refuses keys over 2 KB: the domain answers "not found" before asking it.
  it.each(withParams.map((r) => [routeKey(r), r] as const))(
    "%s refuses an over-long or impossible id as not found or invalid, never a 500",
    async (_, route) => {
      for (const junk of ["a".repeat(3000), "NOT-AN-ID", "%F0%9F%98%80"]) {
        const res = await rawRequest(api.port, {
          method: route.method,
          path: route.path.replace(/\{\w+\}/g, junk),
          headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
          body: route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
        });
        expect([404, 400], `${junk.slice(0, 12)}: ${res.status} ${res.body}`).toContain(res.status);
      }
    },
  );
});

describe("public routes over HTTP", () => {
  it("answer JSON errors for unknown API paths", async () => {
    const res = await fetch(`${api.base}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});
