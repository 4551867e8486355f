import { describe, expect, it } from "vitest";
import { SHEET_SYNC_NEEDS } from "../../packages/functions/src/needs";
import { schedules } from "../../packages/functions/src/schedules";
import { subscribers } from "../../packages/functions/src/subscribers";
import { sheetsFileSettings } from "../function-props";

describe("SHEETS_FRESH_FILE_PER_SYNC and GOOGLE_SHEETS_FOLDER_ID (deploy settings, review N7)", () => {
  it("are off, with no folder, unless the deploy sets them", () => {
    expect(sheetsFileSettings({})).toEqual({ SHEETS_FRESH_FILE_PER_SYNC: "false", GOOGLE_SHEETS_FOLDER_ID: "none" });
    expect(sheetsFileSettings({ SHEETS_FRESH_FILE_PER_SYNC: "", GOOGLE_SHEETS_FOLDER_ID: "" })).toEqual({
      SHEETS_FRESH_FILE_PER_SYNC: "false",
      GOOGLE_SHEETS_FOLDER_ID: "none",
    });
    expect(sheetsFileSettings({ SHEETS_FRESH_FILE_PER_SYNC: "true", GOOGLE_SHEETS_FOLDER_ID: "0AFolder" })).toEqual({
      SHEETS_FRESH_FILE_PER_SYNC: "true",
      GOOGLE_SHEETS_FOLDER_ID: "0AFolder",
    });
  });

  it("stop the deploy on a bad value, or a fresh file per sync with no folder to put it in", () => {
    expect(() => sheetsFileSettings({ SHEETS_FRESH_FILE_PER_SYNC: "yes" })).toThrow(/^Invalid deploy setting: SHEETS_FRESH_FILE_PER_SYNC/);
    expect(() => sheetsFileSettings({ SHEETS_FRESH_FILE_PER_SYNC: "true" })).toThrow(/needs GOOGLE_SHEETS_FOLDER_ID/);
    expect(() => sheetsFileSettings({ SHEETS_FRESH_FILE_PER_SYNC: "true", GOOGLE_SHEETS_FOLDER_ID: "none" })).toThrow(/needs GOOGLE_SHEETS_FOLDER_ID/);
  });

  it("reach every function that syncs a spreadsheet, and only those", () => {
    const syncers = [...subscribers, ...schedules].filter((x) => x.needs.secrets?.includes("GOOGLE_SERVICE_ACCOUNT"));
    expect(syncers.length).toBeGreaterThanOrEqual(6);
    for (const x of syncers) expect(x.needs.settings, x.name).toEqual(expect.arrayContaining(SHEET_SYNC_NEEDS.settings!));
    const others = [...subscribers, ...schedules].filter((x) => !syncers.includes(x));
    for (const x of others) expect(x.needs.settings ?? [], x.name).not.toContain("SHEETS_FRESH_FILE_PER_SYNC");
  });
});
