import { describe, expect, it } from "vitest";
import { decodeRow, encodeRow } from "../src/lead/index-item";
import { LEAD_CSV_COLUMNS, LEAD_RECORD, leadCells, type LeadRow } from "../src/lead/record";
import { leadTabs } from "../src/lead/sheet";
import { LEAD_FORMS, LEAD_FORM_INFO } from "../src/lead/forms";
import { kindNamed } from "../src/privacy/kinds";

/** A free-guide request declared once (lead/record.ts): what is made from it keeps the spec's and the stored shapes. */
describe("the free-guide request's declaration", () => {
  const row: LeadRow = {
    id: "01JNRX3Q5Z8K2M4N6P8R0T2V4W",
    form: "before-you-sign",
    fullName: "Ana María Ortiz",
    email: "ana@example.org",
    newsletterConsent: true,
    createdDate: "03/08/2025",
    createdTime: "09:15:00",
    createdAt: "2025-03-08T14:15:00.000Z",
    browser: "Firefox",
    deviceType: "Desktop",
    screenResolution: "1920x1080",
    language: "es-US",
    timezone: "America/New_York",
    city: "Orlando",
    region: "Florida",
    country: "United States",
    ipAddress: "203.0.113.7",
  };

  it("exports the spec's columns, in its order, with Yes/No consent and the New York date and time", () => {
    expect(LEAD_CSV_COLUMNS).toEqual([
      "Full Name",
      "Email",
      "Newsletter Consent",
      "Submission Date",
      "Browser",
      "Device Type",
      "Screen Resolution",
      "Language",
      "Timezone",
      "City",
      "Region",
      "Country",
      "IP Address",
    ]);
    expect(leadCells(row)).toEqual([
      "Ana María Ortiz",
      "ana@example.org",
      "Yes",
      "03/08/2025 09:15:00",
      "Firefox",
      "Desktop",
      "1920x1080",
      "es-US",
      "America/New_York",
      "Orlando",
      "Florida",
      "United States",
      "203.0.113.7",
    ]);
    expect(leadCells({ ...row, newsletterConsent: false })[2]).toBe("No");
  });

  it("packs the admin index row in its stored order (rows already written decode the same)", () => {
    const packed = encodeRow(row);
    expect(JSON.parse(packed)).toEqual([
      "Ana María Ortiz",
      "ana@example.org",
      true,
      "03/08/2025",
      "09:15:00",
      "2025-03-08T14:15:00.000Z",
      "Firefox",
      "Desktop",
      "1920x1080",
      "es-US",
      "America/New_York",
      "Orlando",
      "Florida",
      "United States",
      "203.0.113.7",
    ]);
    expect(decodeRow(row.form, row.id, packed)).toEqual(row);
  });

  it("gives the registry its words, retention and /my-data line, and a tab per form", () => {
    const kind = kindNamed("lead")!;
    expect(kind.label).toBe("free-guide request");
    expect(kind.retention.after).toBe("SUBMISSION_RETENTION_YEARS after the request");
    expect(LEAD_RECORD.personalData.describe({ form: "checklist" })).toBe('Request for "The Timeshare Scam Checklist"');
    expect(kind.sheetTabs!.map((t) => t.id)).toEqual(LEAD_FORMS.map((form) => `leads:${form}`));
    expect(kind.sheetTabs!.map((t) => t.job.KIND)).toEqual(LEAD_FORMS.map((form) => `sheets.leads.${form}`));
    for (const form of LEAD_FORMS) expect(leadTabs[form].tab).toBe(LEAD_FORM_INFO[form].sheetTab);
  });
});
