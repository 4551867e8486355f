import type { Context } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import { resetSettings } from "@site/core/config";
import { handler } from "../src/http/config";
import type { HttpEvent } from "../src/lib/http";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetSettings();
});

/** Deployed, GET /api/config gets exactly what its route declares: no table, no secrets. */
async function config(env: Record<string, string>) {
  for (const name of ["TABLE_NAME", "CAPTCHA_SECRET", "CAPTCHA_SITE_KEY"]) delete process.env[name];
  Object.assign(process.env, { USER_POOL_ID: "pool", USER_POOL_CLIENT_ID: "client", DEFAULT_PETITION_ID: "p-1", ...env });
  resetSettings();
  const event = { routeKey: "GET /api/config", headers: {}, requestContext: { http: { method: "GET", sourceIp: "192.0.2.1" } } } as unknown as HttpEvent;
  const res = (await handler(event, {} as Context)) as { statusCode: number; body: string };
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe("GET /api/config without a table or the captcha secret", () => {
  it("answers from its own settings", async () => {
    const { status, body } = await config({});
    expect(status).toBe(200);
    expect(body).toMatchObject({ defaultPetitionId: "p-1", recaptchaSiteKey: null, auth: { userPoolId: "pool", userPoolClientId: "client" } });
  });

  it("serves the captcha site key when one is set, without needing the secret", async () => {
    const { body } = await config({ CAPTCHA_SITE_KEY: "site-key" });
    expect(body.recaptchaSiteKey).toBe("site-key");
  });
});
