import { describe, expect, it } from "vitest";
import { datedFileName, localDay } from "../src/admin/lib/files";
import { leadsFileName } from "../src/admin/lib/leads";
import { subscribersFileName } from "../src/admin/pages/newsletter/subscribers";

describe("an export's file name", () => {
  const day = new Date(2025, 2, 8, 23, 30); // local time: the day the administrator sees

  it("names the local day, padded", () => {
    expect(localDay(new Date(2026, 0, 7, 0, 5))).toBe("2026-01-07");
    expect(datedFileName("volunteers", "csv", day)).toBe("volunteers-2025-03-08.csv");
    expect(datedFileName("scam-reports", "json", day)).toBe("scam-reports-2025-03-08.json");
  });

  it("is the same shape for every list", () => {
    expect(leadsFileName("before-you-sign", day)).toBe("before-you-sign-submissions-2025-03-08.csv");
    expect(subscribersFileName(day)).toBe("newsletter-subscribers-2025-03-08.csv");
  });
});
