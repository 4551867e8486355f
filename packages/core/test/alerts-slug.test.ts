import { describe, expect, it } from "vitest";
import { MAX_SLUG_LENGTH, isSlug, slugCandidate, slugOf } from "../src/alerts/slug";

describe("an alert's slug (alerts/slug.ts)", () => {
  it("is the title in lower-case ASCII words joined by dashes", () => {
    expect(slugOf("Exit Pros LLC")).toBe("exit-pros-llc");
    expect(slugOf("  EXIT PROS, L.L.C. ")).toBe("exit-pros-l-l-c");
    expect(slugOf("Résidences Côte d’Azur")).toBe("residences-cote-dazur");
    expect(slugOf("Smith & Sons Timeshare Exit")).toBe("smith-and-sons-timeshare-exit");
    expect(slugOf("(407) 555-0199")).toBe("407-555-0199");
  });

  it("is never empty, and what the public route accepts", () => {
    expect(slugOf("!!!")).toBe("alert");
    expect(slugOf("株式会社")).toBe("alert");
    for (const title of ["Exit Pros LLC", "!!!", "a".repeat(300), "word ".repeat(40)]) expect(isSlug(slugOf(title)), title).toBe(true);
  });

  it("stops at a word within the length, or cuts one word longer than it", () => {
    const long = slugOf("timeshare ".repeat(20));
    expect(long.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(long.endsWith("-")).toBe(false);
    expect(long.split("-").every((w) => w === "timeshare")).toBe(true);
    expect(slugOf("x".repeat(100))).toBe("x".repeat(MAX_SLUG_LENGTH));
  });

  it("takes -2, -3, … when taken, within the length", () => {
    expect(slugCandidate("exit-pros-llc", 1)).toBe("exit-pros-llc");
    expect(slugCandidate("exit-pros-llc", 2)).toBe("exit-pros-llc-2");
    const full = "a".repeat(MAX_SLUG_LENGTH);
    expect(slugCandidate(full, 12)).toBe(`${"a".repeat(MAX_SLUG_LENGTH - 3)}-12`);
    expect(isSlug(slugCandidate(`${"ab-".repeat(19)}abc`, 9))).toBe(true);
  });

  it("refuses what is not one before the table is read", () => {
    for (const bad of ["", "Exit", "exit--pros", "-exit", "exit-", "exit_pros", "a/b", "a".repeat(61), "%2e%2e"]) expect(isSlug(bad), bad).toBe(false);
  });
});
