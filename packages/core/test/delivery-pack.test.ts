import { describe, expect, it } from "vitest";
import { PackRequest } from "../src/delivery-pack/input";
import { printable, renderDeliveryPack } from "../src/delivery-pack/pdf";
import { pdfTextRuns } from "../../../test/support/pdf-text";
import { addRows, headline, isoDay, newTally, ranked, timeline } from "../src/delivery-pack/tally";
import { inUnitedStates, stateOf } from "../src/place/us-states";
import type { SignatureRow } from "../src/signature/record";

let n = 0;
function row(fields: Partial<SignatureRow> & { status?: string } = {}): SignatureRow {
  n++;
  return {
    id: `id${n}`,
    petitionId: "p",
    firstName: `First${n}`,
    lastName: `Last${n}`,
    email: `s${n}@example.com`,
    timeshareName: "",
    createdDate: "11/26/2026",
    createdTime: "10:00:00",
    createdAt: "2026-11-26T15:00:00.000Z",
    browser: "",
    deviceType: "Desktop",
    screenResolution: "",
    timezone: "",
    language: "",
    city: "Orlando",
    region: "Florida",
    country: "United States",
    ipAddress: "",
    ...fields,
  } as SignatureRow;
}

describe("where a signature counts", () => {
  it("reads CloudFront's region and country by name or by code", () => {
    expect(stateOf("Florida")).toBe("FL");
    expect(stateOf("FL")).toBe("FL");
    expect(stateOf(" new york ")).toBe("NY");
    expect(stateOf("Puerto Rico")).toBe("PR");
    expect(stateOf("Unknown")).toBeUndefined();
    expect(stateOf("Ontario")).toBeUndefined();
    expect(inUnitedStates("US")).toBe(true);
    expect(inUnitedStates("United States")).toBe(true);
    expect(inUnitedStates("Canada")).toBe(false);
    expect(inUnitedStates("Unknown")).toBe(false);
  });
});

describe("the delivery pack's tally", () => {
  it("counts all but pending signatures, by state, by the chosen state's city and by day", () => {
    const tally = newTally({ state: "FL" });
    addRows(tally, [
      row({ city: "Orlando" }),
      row({ city: "Miami", region: "FL", country: "US" }),
      row({ city: "Miami", createdDate: "11/27/2026" }),
      row({ region: "Texas", city: "Austin" }),
      row({ region: "Unknown", city: "Unknown" }),
      row({ country: "Canada", region: "Ontario" }),
      row({ status: "pending" }),
      row({ status: "verified", region: "CA", country: "US" }),
    ]);
    expect(tally).toMatchObject({ read: 8, counted: 7, pending: 1, unitedStates: 6, elsewhere: 1 });
    expect(Object.fromEntries(tally.byState)).toEqual({ FL: 3, TX: 1, CA: 1, unknown: 1 });
    expect(Object.fromEntries(tally.byCity)).toEqual({ Miami: 2, Orlando: 1 });
    expect(Object.fromEntries(tally.byDay)).toEqual({ "2026-11-26": 6, "2026-11-27": 1 });
    expect(ranked(tally.byState)[0]).toEqual(["FL", 3]);
  });

  it("calls verified only the signatures confirmed from their mailbox, and only on a petition that verifies", () => {
    const rows = [row({ status: "verified" }), row({ status: "verified" }), row({ status: "unverified" }), row({ status: "" }), row({ status: "pending" })];
    const verifying = newTally({ verifies: true });
    addRows(verifying, rows);
    expect(verifying).toMatchObject({ counted: 4, verified: 2, pending: 1 });
    expect(headline(verifying)).toBe("4 signatures, 2 of them verified by e-mail");
    // stored as "verified" before "unverified" existed, on a petition that never verified: not believed
    const plain = newTally({});
    addRows(plain, rows);
    expect(headline(plain)).toBe("4 signatures (e-mail not verified)");
    const all = newTally({ verifies: true });
    addRows(all, [row({ status: "verified" }), row({ status: "verified" })]);
    expect(headline(all)).toBe("2 verified signatures");
  });

  it("makes a timeline by day, by week from Monday, or by month as the span grows", () => {
    expect(isoDay("03/07/2026", "2026-03-08T01:00:00Z")).toBe("2026-03-07");
    const days = (list: [string, number][]) => new Map(list);
    expect(
      timeline(
        days([
          ["2026-11-26", 2],
          ["2026-11-20", 1],
        ]),
      ),
    ).toEqual({
      period: "day",
      rows: [
        ["2026-11-20", 1],
        ["2026-11-26", 2],
      ],
    });
    // 2026-11-26 is a Thursday: its week starts on Monday 2026-11-23
    expect(
      timeline(
        days([
          ["2026-11-26", 2],
          ["2026-11-23", 1],
          ["2026-08-01", 4],
        ]),
      ),
    ).toEqual({
      period: "week",
      rows: [
        ["2026-07-27", 4],
        ["2026-11-23", 3],
      ],
    });
    expect(
      timeline(
        days([
          ["2021-01-05", 1],
          ["2026-11-26", 2],
          ["2026-11-02", 1],
        ]),
      ).rows,
    ).toEqual([
      ["2021-01", 1],
      ["2026-11", 3],
    ]);
    expect(timeline(new Map()).rows).toEqual([]);
  });
});

describe("the delivery pack's request", () => {
  it("takes a US state's code in any case, or none", () => {
    expect(PackRequest.parse({ state: "ca" })).toEqual({ state: "CA" });
    expect(PackRequest.parse({})).toEqual({});
    expect(PackRequest.parse({ state: "" })).toEqual({});
  });

  it("refuses an unknown state, a wrong type or any other field (names are never asked for) with a clear message", () => {
    expect(PackRequest.safeParse({ state: "ZZ" }).error?.issues[0]?.message).toBe("Unknown state: use a US state's two-letter code, e.g. CA");
    expect(PackRequest.safeParse({ state: 5 }).error?.issues[0]?.message).toBe("State must be a US state's two-letter code");
    expect(PackRequest.safeParse({ includeNames: true }).error?.issues[0]?.message).toBe("Unknown field: send only state");
    expect(PackRequest.safeParse({ state: "CA", petition: "x" }).error?.issues[0]?.message).toBe("Unknown field: send only state");
    expect(PackRequest.safeParse([]).error?.issues[0]?.message).toBe("Send {state?}");
  });
});

describe("text in the PDF", () => {
  it("keeps what the standard fonts can show and marks the rest", () => {
    expect(printable("Émile “Zoë” — 5 €")).toBe("Émile “Zoë” — 5 €");
    expect(printable("李 Ana 🙂")).toBe("? Ana ?");
  });
});

describe("the delivery pack's PDF", () => {
  it("says what was counted, when, by state and city, naming no signer and no city with fewer than 5 signatures", async () => {
    const tally = newTally({ state: "FL" });
    addRows(tally, [
      ...Array.from({ length: 5 }, () => row({ city: "Orlando" })),
      row({ city: "Miami" }),
      row({ city: "Tampa" }),
      row({ region: "Texas" }),
      row({ status: "pending" }),
    ]);
    const bytes = await renderDeliveryPack({ id: "p", title: "Fair Exit", story: "First paragraph.\n\nSecond one." }, tally, new Date("2026-11-26T17:30:00Z"));
    const { pages, runs } = await pdfTextRuns(bytes);
    expect(runs).toContain("Fair Exit");
    // a petition that does not verify: nothing is called verified
    expect(runs).toContain("8 signatures (e-mail not verified)");
    expect(runs).toContain("Counted on November 26, 2026 at 12:30 PM EST.");
    expect(runs).toContain("Not counted here: 1 unconfirmed signature awaiting e-mail confirmation.");
    expect(runs).toContain("Second one.");
    expect(runs[runs.indexOf("Florida (FL)") + 1]).toBe("7");
    expect(runs[runs.indexOf("Orlando") + 1]).toBe("5");
    expect(runs.join(" ")).toContain("And 2 more cities with 2 signatures between them (a city with fewer than 5 is not named).");
    expect(runs.join(" ")).not.toMatch(/Miami|Tampa/);
    expect(runs.join(" ")).not.toMatch(/First\d+|Last\d+/);
    expect(runs).toContain(`Page ${pages} of ${pages}`);
  });
});
