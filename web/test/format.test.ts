import { describe, expect, it } from "vitest";
import { displayGoal, formatCount, formatDateTimeNY, formatPercent, initials, landingCount, progressPercent, progressValue } from "../src/lib/format";

describe("goal and progress", () => {
  it("falls back to the display goal 2000 when a petition has none", () => {
    expect(displayGoal(500)).toBe(500);
    expect(displayGoal(0)).toBe(2000);
    expect(displayGoal(-3)).toBe(2000);
    expect(displayGoal(undefined)).toBe(2000);
    expect(displayGoal(Number.NaN)).toBe(2000);
  });

  it("computes signatures / goal × 100", () => {
    expect(progressPercent(250, 1000)).toBe(25);
    expect(progressPercent(1, 3)).toBeCloseTo(33.333, 3);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(0, 100)).toBe(0);
  });

  it("clamps the progress bar to 0–100", () => {
    expect(progressValue(3000, 2000)).toBe(100);
    expect(progressValue(-1, 2000)).toBe(0);
    expect(progressValue(500, 2000)).toBe(25);
  });

  it("formats percentages with one decimal in admin lists and two in e-mails", () => {
    expect(formatPercent(1, 3)).toBe("33.3%");
    expect(formatPercent(1, 3, 2)).toBe("33.33%");
    expect(formatPercent(0, 0)).toBe("0.0%");
  });
});

describe("formatCount", () => {
  it("groups thousands", () => {
    expect(formatCount(3427)).toBe("3,427");
    expect(formatCount(10000)).toBe("10,000");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(12)).toBe("12");
  });
});

describe("landingCount", () => {
  it("keeps 3427 until the server returns a non-zero count", () => {
    expect(landingCount(undefined, 3427)).toBe(3427);
    expect(landingCount(null, 3427)).toBe(3427);
    expect(landingCount(0, 3427)).toBe(3427);
    expect(landingCount(12, 3427)).toBe(12);
    expect(landingCount(5000, 3427)).toBe(5000);
  });
});

describe("formatDateTimeNY", () => {
  it("shows UTC instants in America/New_York, winter (EST, UTC-5) and summer (EDT, UTC-4)", () => {
    expect(formatDateTimeNY("2025-01-15T17:05:00.000Z")).toBe("01/15/2025 12:05");
    expect(formatDateTimeNY("2025-07-04T03:30:00.000Z")).toBe("07/03/2025 23:30");
  });

  it("says N/A for missing or invalid input", () => {
    expect(formatDateTimeNY(undefined)).toBe("N/A");
    expect(formatDateTimeNY("not a date")).toBe("N/A");
  });
});

describe("initials", () => {
  it("takes up to two initials", () => {
    expect(initials("Linda Martinez")).toBe("LM");
    expect(initials("rosa  maria gutierrez")).toBe("RM");
    expect(initials("Cher")).toBe("C");
  });
});
