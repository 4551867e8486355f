import { afterEach, describe, expect, it } from "vitest";
import { adminRecipients, resetSettings, settings } from "../src/config";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetSettings();
});

describe("settings", () => {
  it("reads 'none' as unset for optional secrets, since SST secrets cannot be empty", () => {
    Object.assign(process.env, { TABLE_NAME: "t", CAPTCHA_SECRET: "none", ADMIN_NOTIFY_RECIPIENTS: "None", GOOGLE_SHEETS_SPREADSHEET_ID: "none" });
    resetSettings();
    expect(settings().CAPTCHA_SECRET).toBeUndefined();
    expect(settings().GOOGLE_SHEETS_SPREADSHEET_ID).toBeUndefined();
    expect(adminRecipients()).toEqual([]);
  });

  it("splits and trims the admin recipients", () => {
    Object.assign(process.env, { TABLE_NAME: "t", ADMIN_NOTIFY_RECIPIENTS: " a@example.org, ,b@example.org " });
    resetSettings();
    expect(adminRecipients()).toEqual(["a@example.org", "b@example.org"]);
  });

  it("refuses an invalid setting with its name", () => {
    Object.assign(process.env, { TABLE_NAME: "t", COUNTER_SHARDS: "0" });
    resetSettings();
    expect(() => settings()).toThrow(/COUNTER_SHARDS/);
  });
});
