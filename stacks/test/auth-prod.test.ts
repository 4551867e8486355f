import { beforeAll, expect, it } from "vitest";
import { synthesize, type Synthesized } from "./synth";
import { ofType } from "./template";

let s: Synthesized;
beforeAll(async () => {
  delete process.env.ADMIN_MFA;
  s = await synthesize({}, "prod");
});

it("requires TOTP MFA (never SMS) of administrators on the prod stage by default", () => {
  const [[, pool]] = ofType(s.templates.Auth, "AWS::Cognito::UserPool");
  expect(pool.Properties.MfaConfiguration).toBe("ON");
  expect(pool.Properties.EnabledMfas).toEqual(["SOFTWARE_TOKEN_MFA"]);
  expect(pool.Properties.SmsConfiguration).toBeUndefined();
});
