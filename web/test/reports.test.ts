/** The scam reports screen's pure helpers: labels, amounts, dates, the CSV and file names. */
import { describe, expect, it } from "vitest";
import { REPORT_COLUMNS } from "@site/core/report/record";
import { moneyLostText, reportsCsv, reportsFileName, reportsJson, scamTypesText, statusLabel, usDate, type ExportedReport } from "../src/admin/lib/reports";

const exported = {
  id: "0mwrd2ewcabcdefghijkl",
  reference: "TSR-7K3M-9QX2",
  status: "in_review",
  reporter: { fullName: "Ana Lima", email: "ana@example.com", city: "Orlando", state: "FL", speakWithTeam: true, shareAnonymously: false },
  scamTypes: [{ type: "upfront_fees", amount: 1500, promisedServices: '=HYPERLINK("x")' }],
  contactMethods: [{ method: "phone", countryCode: "+1", phoneNumber: "(555) 123-4567" }],
  moneyLost: true,
  amountLost: 1500,
  dateOccurred: "2025-03-07",
  scammer: { company: "=Resale Pros", website: null },
  evidence: [{ purpose: "details", fileName: "contract.pdf", size: 10, contentType: "application/pdf" }],
  reportedElsewhere: false,
  wantUpdates: false,
  meta: {
    browser: "Chrome 126",
    deviceType: "Desktop",
    screenResolution: "1920x1080",
    userAgent: "ua",
    timezone: "America/New_York",
    language: "en-US",
    ipAddress: "203.0.113.9",
    city: "Orlando",
    region: "Florida",
    country: "US",
    latitude: "",
    longitude: "",
  },
  createdDate: "03/08/2025",
  createdTime: "09:15:00",
  createdAt: "2025-03-08T14:15:00.000Z",
} as ExportedReport;

describe("the scam reports screen", () => {
  it("labels scam types, statuses, amounts and dates as the details view does", () => {
    expect(scamTypesText("fake_resale,high_pressure")).toBe("Fake Resale Offer, High-Pressure Sales");
    expect(scamTypesText("")).toBe("N/A");
    expect(statusLabel("in_review")).toBe("In review");
    expect(moneyLostText({ moneyLost: true, amountLost: 1500 })).toBe("$1,500.00");
    expect(moneyLostText({ moneyLost: true, amountLost: null })).toBe("Yes");
    expect(moneyLostText({ moneyLost: false, amountLost: null })).toBe("No");
    expect(usDate("2025-03-07")).toBe("03/07/2025");
    expect(usDate("")).toBe("N/A");
  });

  it("writes the spreadsheet's columns to CSV, formulas neutralised, and the full records to JSON", () => {
    const lines = reportsCsv([exported]).trimEnd().split("\r\n");
    expect(lines[0]).toBe(REPORT_COLUMNS.map((c) => `"${c}"`).join(","));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"TSR-7K3M-9QX2","in_review","03\/08\/2025","09:15:00","Ana Lima"/);
    expect(lines[1]).toContain('"Upfront Fees (Amount Paid Upfront: $1,500.00, Promised Services: =HYPERLINK(""x""))"');
    expect(lines[1]).toContain('"contract.pdf"');
    expect(lines[1]).toContain(`"'=Resale Pros"`);
    expect(JSON.parse(reportsJson([exported]))).toEqual([exported]);
  });

  it("names the files by the day and page", () => {
    const day = new Date(2025, 2, 8, 12);
    expect(reportsFileName("csv", day, 3)).toBe("scam-reports-2025-03-08-page-3.csv");
    expect(reportsFileName("json", day)).toBe("scam-reports-2025-03-08.json");
  });
});
