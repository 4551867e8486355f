import { describe, expect, it } from "vitest";
import { amountRange, statsOf } from "../src/alerts/stats";
import type { ReportSummary } from "../src/report/public-summary";

const summary = (over: Partial<ReportSummary> = {}): ReportSummary => ({
  reportId: "r",
  reference: "TSR-AAAA-BBBB",
  createdAt: "2026-03-10T15:00:00.000Z",
  publishConsent: true,
  wantUpdates: false,
  scamTypes: ["upfront_fees"],
  state: "FL",
  amountLost: 2500,
  dateOccurred: "2026-03-01",
  ...over,
});

describe("an alert's public figures (alerts/stats.ts)", () => {
  it("count only the reports whose reporters agreed to publication", () => {
    const stats = statsOf([summary(), summary({ publishConsent: false, state: "TX", amountLost: 50_000 }), summary({ state: "GA" })]);
    expect(stats.reports).toBe(2);
    expect(stats.states).toEqual({ FL: 1, GA: 1 });
    expect(stats.amountRanges["$20,000 and more"]).toBe(0);
  });

  it("count scam types (a report of several types in each, a type once per report), states and amount ranges", () => {
    const stats = statsOf([
      summary({ scamTypes: ["upfront_fees", "refund_exit", "upfront_fees"], amountLost: 999 }),
      summary({ scamTypes: ["refund_exit"], state: "FL", amountLost: 1000 }),
      summary({ scamTypes: ["fake_resale"], state: "", amountLost: 19_999 }),
      summary({ scamTypes: ["other"], state: "ZZ", amountLost: null }),
      summary({ scamTypes: ["made_up"], state: "CA", amountLost: 20_000 }),
      summary({ scamTypes: [], state: "CA", amountLost: 0 }),
    ]);
    expect(stats).toMatchObject({
      reports: 6,
      scamTypes: { upfront_fees: 1, refund_exit: 2, fake_resale: 1, other: 1 },
      states: { FL: 2, CA: 2 },
      amountRanges: { "under $1,000": 1, "$1,000\u2013$4,999": 1, "$5,000\u2013$19,999": 1, "$20,000 and more": 1, none: 2 },
    });
  });

  it("tell the first and last report by New York day, never the time", () => {
    const stats = statsOf([
      summary({ createdAt: "2026-03-10T15:00:00.000Z" }),
      // 01:30 UTC on 1 March is still 28 February in New York
      summary({ createdAt: "2026-03-01T01:30:00.000Z" }),
      summary({ createdAt: "2026-04-02T12:00:00.000Z", publishConsent: false }),
      summary({ createdAt: "2026-03-20T12:00:00.000Z" }),
    ]);
    expect(stats.firstReportAt).toBe("2026-02-28");
    expect(stats.lastReportAt).toBe("2026-03-20");
  });

  it("hold nothing a reporter wrote: no name, reference, id, amount or date occurred", () => {
    const stats = statsOf([summary({ reportId: "01secretid", reference: "TSR-SECR-ET00", amountLost: 4321, dateOccurred: "2026-02-14" })]);
    const text = JSON.stringify(stats);
    for (const secret of ["01secretid", "TSR-SECR-ET00", "4321", "2026-02-14"]) expect(text).not.toContain(secret);
  });

  it("answer zeros and no dates without a consenting report", () => {
    expect(statsOf([summary({ publishConsent: false })])).toEqual({
      reports: 0,
      scamTypes: {},
      states: {},
      amountRanges: { "under $1,000": 0, "$1,000\u2013$4,999": 0, "$5,000\u2013$19,999": 0, "$20,000 and more": 0, none: 0 },
      firstReportAt: null,
      lastReportAt: null,
    });
  });

  it("put an amount in its range at the edges", () => {
    expect([null, undefined, 0, -5, Number.NaN, 1, 999, 1000, 4999, 5000, 19_999, 20_000, 1e9].map(amountRange)).toEqual([
      "none",
      "none",
      "none",
      "none",
      "none",
      "under $1,000",
      "under $1,000",
      "$1,000\u2013$4,999",
      "$1,000\u2013$4,999",
      "$5,000\u2013$19,999",
      "$5,000\u2013$19,999",
      "$20,000 and more",
      "$20,000 and more",
    ]);
  });
});
