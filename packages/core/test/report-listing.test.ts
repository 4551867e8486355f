import { describe, expect, it } from "vitest";
import { decodeRow, encodeRow, indexItem } from "../src/report/index-item";
import { FILTERS, predicate } from "../src/report/listing";
import { REPORT_COLUMNS, reportCells, toRow, type ReportRow } from "../src/report/record";
import { formatUsd } from "../src/report/amount";
import { SCAM_TYPE_LABELS } from "../src/report/catalogue";
import { z } from "zod";
import type { Info } from "../src/report/index";
import { reportItem, reportOfItem } from "../src/report/stored-item";

/** The admin list of reports without a table: rows, their packing, filters and search. */
const report = (extra: Partial<Info> = {}): Info =>
  ({
    id: "0mwrd2ewcabcdefghijkl",
    reference: "TSR-7K3M-9QX2",
    status: "new",
    reporter: { fullName: "Ana Lima", email: "ana@example.com", city: "Orlando", state: "FL", speakWithTeam: true, shareAnonymously: false },
    scamTypes: [
      { type: "fake_resale", claimedSaleAmount: 25000 },
      { type: "other", description: "x" },
    ],
    contactMethods: [{ method: "email", emailAddress: "offers@example.com" }],
    moneyLost: true,
    amountLost: 1500,
    dateOccurred: "2025-03-07",
    scammer: { name: "John Smith", company: "Resale Pros", website: null },
    evidence: [{ purpose: "details", key: "reports/x/y.pdf", fileName: "y.pdf", size: 10, contentType: "application/pdf" }],
    reportedElsewhere: false,
    wantUpdates: false,
    meta: {} as Info["meta"],
    createdDate: "03/08/2025",
    createdTime: "09:15:00",
    createdAt: "2025-03-08T14:15:00.000Z",
    ...extra,
  }) as Info;

const Filters = z.object(FILTERS);
const matches = (row: ReportRow, query: Record<string, string>) => (predicate(Filters.parse(query)) ?? (() => true))(row);

describe("a report's admin row", () => {
  it("keeps what the list shows, filters and searches, and round-trips through its packed index item", () => {
    const row = toRow(report());
    expect(row).toMatchObject({
      scamTypes: "fake_resale,other",
      amountLost: 1500,
      evidenceCount: 1,
      speakWithTeam: true,
      scammerName: "John Smith",
      companyName: "Resale Pros",
    });
    expect(decodeRow("all", row.id, encodeRow(row))).toEqual(row);
    const item = indexItem(report());
    expect(item).toMatchObject({ type: "reportIndex", sk: row.id, pk: expect.stringMatching(/^REPIDX#\d+$/) });
    expect(item.r.length).toBeLessThan(400);
  });

  it("has no amount when no money was lost or none was given, packed and read back as null", () => {
    for (const r of [
      report({ moneyLost: false, amountLost: undefined }),
      report({ moneyLost: true, amountLost: undefined }),
      report({ moneyLost: false, amountLost: 300 }),
    ]) {
      const row = toRow(r);
      expect(row.amountLost).toBeNull();
      expect(decodeRow("all", row.id, encodeRow(row)).amountLost).toBeNull();
    }
    const zero = toRow(report({ amountLost: 0 }));
    expect(decodeRow("all", zero.id, encodeRow(zero)).amountLost).toBe(0);
  });
});

describe("the reports' filters", () => {
  const row = toRow(report());
  it("set none: no predicate, so the list serves its order without a pass", () => {
    expect(predicate(Filters.parse({}))).toBeUndefined();
  });
  it("compare the date occurred inclusively, and the yes/no and status fields", () => {
    expect(matches(row, { dateFrom: "2025-03-07", dateTo: "2025-03-07" })).toBe(true);
    expect(matches(row, { dateFrom: "2025-03-08" })).toBe(false);
    expect(matches(row, { dateTo: "2025-03-06" })).toBe(false);
    expect(matches(row, { moneyLost: "yes", speakWithTeam: "yes", status: "new" })).toBe(true);
    expect(matches(row, { moneyLost: "no" })).toBe(false);
    expect(matches(row, { speakWithTeam: "no" })).toBe(false);
    expect(matches(row, { status: "spam" })).toBe(false);
  });
  it("refuse what is not a value they know, with the field's name", () => {
    expect(Filters.safeParse({ moneyLost: "true" }).error?.issues[0]?.message).toBe("Money lost must be yes or no");
    expect(Filters.safeParse({ status: "closed" }).error?.issues[0]?.message).toBe("Status must be one of new, in_review, resolved, spam");
    expect(Filters.safeParse({ dateTo: "2025-13-01" }).error?.issues[0]?.message).toBe("Date to must be a date (YYYY-MM-DD)");
  });
});

describe("the stored item of a report", () => {
  it("keeps the looked-up attributes as attributes and the rest as one JSON body, and reads back the same report", () => {
    const item = reportItem(report({ reporter: { ...report().reporter, email: " Ana@Example.com " } }));
    expect(Object.keys(item).sort()).toEqual([
      "body",
      "createdAt",
      "emailNormalized",
      "gsi1pk",
      "gsi1sk",
      "gsi3pk",
      "gsi3sk",
      "id",
      "identifierKeys",
      "pk",
      "reference",
      "sk",
      "status",
      "type",
    ]);
    expect(item).toMatchObject({ pk: `REPORT#${report().id}`, status: "new", emailNormalized: "ana@example.com" });
    expect(JSON.parse(item.body)).not.toHaveProperty("status");
    expect(reportOfItem(item)).toEqual(report({ reporter: { ...report().reporter, email: " Ana@Example.com " } }));
    // a status changed in place wins over nothing in the body
    expect(reportOfItem({ ...item, status: "spam" }).status).toBe("spam");
    // what its identifier items were written for (identifier-items.ts)
    expect(item.identifierKeys).toEqual(new Set(["company#resale pros", "person#john smith", "domain#example.com"]));
  });

  it("keeps the report's case as an attribute, never in the body, and reads it back", () => {
    const item = reportItem(report({ caseId: "0mwrd2ewcaseaaaaaaaaa" }));
    expect(item).toMatchObject({ caseId: "0mwrd2ewcaseaaaaaaaaa" });
    expect(JSON.parse(item.body)).not.toHaveProperty("caseId");
    expect(reportOfItem(item)).toEqual(report({ caseId: "0mwrd2ewcaseaaaaaaaaa" }));
    // the cases room sets and clears it in place
    expect(reportOfItem({ ...reportItem(report()), caseId: "0mwrd2ewcasebbbbbbbbb" }).caseId).toBe("0mwrd2ewcasebbbbbbbbb");
    expect(reportOfItem(reportItem(report()))).not.toHaveProperty("caseId");
  });

  it("reads an item written before the body existed (every field an attribute)", () => {
    const legacy = { pk: "REPORT#x", sk: "REPORT", gsi1pk: "REPORTS", gsi1sk: "x", type: "report", emailNormalized: "ana@example.com", ...report() };
    expect(reportOfItem(legacy)).toEqual(report());
  });
});

describe("a report's declaration (report/record.ts)", () => {
  it("packs the admin index row in its stored order (rows already written decode the same)", () => {
    const row = toRow(report());
    expect(JSON.parse(encodeRow(row))).toEqual([
      "TSR-7K3M-9QX2",
      "new",
      "Ana Lima",
      "ana@example.com",
      "Orlando",
      "FL",
      "John Smith",
      "Resale Pros",
      "fake_resale,other",
      true,
      true,
      1500,
      "2025-03-07",
      1,
      "03/08/2025",
      "09:15:00",
      "2025-03-08T14:15:00.000Z",
    ]);
    // no amount is stored as "" and read back as null
    const none = toRow(report({ moneyLost: false, amountLost: undefined }));
    expect(decodeRow("all", none.id, encodeRow(none)).amountLost).toBeNull();
  });

  it("gives the tab and the CSV export their columns, a cell each", () => {
    expect(REPORT_COLUMNS).toEqual([
      "Reference",
      "Status",
      "Submission Date",
      "Submission Time (EST)",
      "Full Name",
      "Email",
      "City",
      "State",
      "Age Range",
      "Speak With Team",
      "Share Anonymously",
      "Scam Types",
      "Scam Type Details",
      "Contact Methods",
      "Contact Details",
      "Money Lost",
      "Amount Lost",
      "Date Occurred",
      "Scammer Name",
      "Company Name",
      "Scammer Phone",
      "Scammer Email",
      "Scammer Website",
      "Reported Elsewhere",
      "Reported To",
      "Want Updates",
      "Evidence Files",
      "Browser",
      "Device Type",
      "Screen Resolution",
      "Timezone",
      "Language",
      "Location City",
      "Location Region",
      "Location Country",
      "IP Address",
    ]);
    const cells = Object.fromEntries(REPORT_COLUMNS.map((header, i) => [header, reportCells(report())[i]]));
    expect(cells).toMatchObject({
      Reference: "TSR-7K3M-9QX2",
      "Submission Time (EST)": "09:15:00",
      "Age Range": "",
      "Speak With Team": "Yes",
      "Share Anonymously": "No",
      "Scam Types": `${SCAM_TYPE_LABELS.fake_resale}; ${SCAM_TYPE_LABELS.other}`,
      "Money Lost": "Yes",
      "Amount Lost": formatUsd(1500),
      "Scammer Name": "John Smith",
      "Scammer Website": "",
      "Reported To": "",
      "Evidence Files": "y.pdf",
      Browser: "",
    });
    expect(reportCells(report({ moneyLost: false }))[REPORT_COLUMNS.indexOf("Amount Lost")]).toBe("");
  });
});
