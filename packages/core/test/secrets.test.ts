import { describe, expect, it } from "vitest";
import { Secrets } from "../src/secrets";

describe("bound SST secrets", () => {
  const env = {
    SST_APP: "timeshare-advocacy",
    SST_STAGE: "prod",
    SST_Secret_value_MAIL_FROM: "__FETCH_FROM_SSM__",
    SST_Secret_value_CAPTCHA_SECRET: "__FETCH_FROM_SSM__",
    SST_Secret_value_SITE_URL: "__FETCH_FROM_SSM__",
    SITE_URL: "https://already.example.org",
    SST_Table_tableName_Table: "t",
  };

  it("are the SST_Secret_value_* variables still waiting for SSM, and nothing else", () => {
    expect(Secrets.boundNames(env).sort()).toEqual(["CAPTCHA_SECRET", "MAIL_FROM"]);
    expect(Secrets.boundNames({})).toEqual([]);
  });

  it("live at SST's stage path, with the app-wide fallback", () => {
    expect(Secrets.ssmPath("MAIL_FROM", env)).toBe("/sst/timeshare-advocacy/prod/Secret/MAIL_FROM/value");
    expect(Secrets.fallbackPath("MAIL_FROM", env)).toBe("/sst/timeshare-advocacy/.fallback/Secret/MAIL_FROM/value");
    expect(Secrets.ssmPath("MAIL_FROM", { ...env, SST_SSM_PREFIX: "/custom/" })).toBe("/custom/Secret/MAIL_FROM/value");
  });
});
