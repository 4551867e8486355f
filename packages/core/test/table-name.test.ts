import { afterEach, describe, expect, it } from "vitest";
import { resetSettings, settings } from "../src/config";
import { table } from "../src/db/client";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetSettings();
});

describe("a function granted no table", () => {
  it("still reads its settings (GET /api/config has no TABLE_NAME)", () => {
    delete process.env.TABLE_NAME;
    process.env.DEFAULT_PETITION_ID = "p-1";
    resetSettings();
    expect(settings().DEFAULT_PETITION_ID).toBe("p-1");
  });

  it("is refused, with the reason, when it reaches for the table", () => {
    delete process.env.TABLE_NAME;
    resetSettings();
    expect(() => table()).toThrow(/TABLE_NAME is not set: this function was granted no table/);
    process.env.TABLE_NAME = "t";
    resetSettings();
    expect(table()).toBe("t");
  });
});
