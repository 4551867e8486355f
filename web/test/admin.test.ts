import { describe, expect, it } from "vitest";
import { auditActionLabel } from "../src/admin/lib/audit";
import { digitsOnly, parseCreateGoal, parseEditGoal } from "../src/admin/lib/goal";
import { addChunk, progressPercentOf } from "../src/admin/lib/progress";
import { queryString, withQuery } from "../src/admin/lib/query";
import {
  SIGNATURE_CSV_HEADER,
  exportFileName,
  mergeDetails,
  normalizeSignatureDetails,
  orNA,
  signatureCsvRow,
  signaturesCsv,
  signedAt,
  submissionDate,
  type SignatureRow,
} from "../src/admin/lib/signatures";
import { DASHBOARD_PETITION_SORTS, DASHBOARD_SIGNATURE_SORTS, PETITION_SORTS, SIGNATURE_SORTS, apiSort, asOrder } from "../src/admin/lib/sorting";

const row: SignatureRow = {
  id: "s1",
  petitionId: "p1",
  firstName: "Maria",
  lastName: 'O"Neil',
  email: "maria@example.com",
  timeshareName: "",
  createdDate: "03/04/2025",
  createdTime: "21:15:09",
  createdAt: "2025-03-05T02:15:09.000Z",
  browser: "Chrome",
  deviceType: "Desktop",
  screenResolution: "1920x1080",
  timezone: "America/Chicago",
  language: "en-US",
  city: "Austin",
  region: "Texas",
  country: "US",
  ipAddress: "203.0.113.9",
  // written before statuses existed: shown as unverified
  status: "",
};

describe("goal input", () => {
  it("create: keeps digits only and needs a whole number of at least 1", () => {
    expect(digitsOnly("1,2a3.4")).toBe("1234");
    expect(digitsOnly("")).toBe("");
    expect(parseCreateGoal("1000")).toBe(1000);
    expect(parseCreateGoal("0")).toBeNull();
    expect(parseCreateGoal("")).toBeNull();
    expect(parseCreateGoal("5 00")).toBe(500);
  });

  it("edit: numeric, minimum 0, invalid becomes 0, whole number", () => {
    expect(parseEditGoal(250)).toBe(250);
    expect(parseEditGoal("250")).toBe(250);
    expect(parseEditGoal("12.9")).toBe(12);
    expect(parseEditGoal(-5)).toBe(0);
    expect(parseEditGoal("abc")).toBe(0);
    expect(parseEditGoal("")).toBe(0);
    expect(parseEditGoal(null)).toBe(0);
    expect(parseEditGoal(Number.NaN)).toBe(0);
  });
});

describe("list queries and sorts", () => {
  it("leaves out empty values and orders keys", () => {
    expect(queryString({ search: "", page: 1, petitionId: undefined, order: "desc" })).toBe("?order=desc&page=1");
    expect(queryString({})).toBe("");
    expect(withQuery("/api/admin/signatures", { search: "a b&c" })).toBe("/api/admin/signatures?search=a+b%26c");
  });

  it("maps screen sort values to the API's", () => {
    expect(DASHBOARD_PETITION_SORTS.map((o) => [o.value, o.api])).toEqual([
      ["created_at", "createdAt"],
      ["signature_count", "signatureCount"],
      ["goal", "goal"],
    ]);
    expect(DASHBOARD_SIGNATURE_SORTS.map((o) => o.api)).toEqual(["createdAt", "firstName", "lastName", "email", "petitionId"]);
    expect(PETITION_SORTS.map((o) => o.label)).toEqual(["Date Created", "Signature Count", "Goal"]);
    expect(SIGNATURE_SORTS.map((o) => o.label)).toEqual(["Date Signed", "First Name", "Last Name", "Email", "Timeshare Name"]);
    expect(apiSort(SIGNATURE_SORTS, "timeshare_name")).toBe("timeshareName");
    expect(apiSort(SIGNATURE_SORTS, "nope")).toBe("createdAt");
    expect(asOrder("asc")).toBe("asc");
    expect(asOrder("sideways")).toBe("desc");
  });
});

describe("chunked progress", () => {
  it("adds each chunk and re-estimates the total", () => {
    let p = { completed: 0, total: null as number | null };
    expect(progressPercentOf(p)).toBe(0);
    p = addChunk(p, 100, 300);
    expect(p).toEqual({ completed: 100, total: 400 });
    expect(progressPercentOf(p)).toBe(25);
    p = addChunk(p, 300, 0);
    expect(progressPercentOf(p)).toBe(100);
    expect(progressPercentOf({ completed: 0, total: 0 })).toBe(100);
    expect(progressPercentOf({ completed: 1, total: 10 }, true)).toBe(100);
  });
});

describe("signature display", () => {
  it("shows N/A for empty values and for a missing date or time", () => {
    expect(orNA("")).toBe("N/A");
    expect(orNA("  ")).toBe("N/A");
    expect(orNA(null)).toBe("N/A");
    expect(orNA("Sunset")).toBe("Sunset");
    expect(signedAt(row)).toBe("03/04/2025 21:15:09");
    expect(signedAt({ ...row, createdTime: "" })).toBe("N/A");
    expect(signedAt({ createdDate: "03/04/2025" })).toBe("N/A");
  });

  it("labels audit actions", () => {
    expect(auditActionLabel("signatures.deleted_all")).toBe("Deleted all signatures");
    expect(auditActionLabel("something.new")).toBe("something.new");
  });
});

describe("signature CSV export", () => {
  it("has the spec's columns, then the signature's status", () => {
    expect([...SIGNATURE_CSV_HEADER]).toEqual([
      "First Name",
      "Last Name",
      "Email",
      "Timeshare Name",
      "Petition ID",
      "Submission Date",
      "Browser",
      "Device Type",
      "Screen Resolution",
      "Timezone",
      "City",
      "Region",
      "Country",
      "IP Address",
      "Status",
    ]);
  });

  it("writes the submission date as month/day/year in New York time", () => {
    // 02:15 UTC on the 5th is the evening of the 4th in New York
    expect(submissionDate("2025-03-05T02:15:09.000Z")).toBe("3/4/2025");
    expect(submissionDate("")).toBe("");
    expect(submissionDate("garbage")).toBe("");
    expect(signatureCsvRow(row)).toEqual([
      "Maria",
      'O"Neil',
      "maria@example.com",
      "",
      "p1",
      "3/4/2025",
      "Chrome",
      "Desktop",
      "1920x1080",
      "America/Chicago",
      "Austin",
      "Texas",
      "US",
      "203.0.113.9",
      // a row from before statuses existed: counted, never confirmed from its mailbox
      "unverified",
    ]);
    expect(signatureCsvRow({ ...row, status: "pending" }).at(-1)).toBe("pending");
    expect(signatureCsvRow({ ...row, status: "verified" }).at(-1)).toBe("verified");
  });

  it("quotes every value and doubles inner quotes", () => {
    const csv = signaturesCsv([row]);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(SIGNATURE_CSV_HEADER.map((h) => `"${h}"`).join(","));
    expect(lines[1]).toContain('"O""Neil"');
    expect(lines[1]!.startsWith('"Maria",')).toBe(true);
    expect(signaturesCsv([]).trimEnd().split("\r\n")).toHaveLength(1);
  });

  it("names the file after the current date", () => {
    expect(exportFileName(new Date(2026, 0, 7, 12))).toBe("petition-signatures-2026-01-07.csv");
  });
});

describe("signature details", () => {
  it("reads the API's camelCase meta", () => {
    const d = normalizeSignatureDetails({
      id: "s1",
      petitionId: "p1",
      firstName: "Ana",
      lastName: "Li",
      email: "ana@example.com",
      createdDate: "01/02/2025",
      createdTime: "10:00:00",
      meta: {
        browser: "Firefox",
        deviceType: "Mobile",
        screenResolution: "390x844",
        timezone: "UTC",
        city: "Miami",
        region: "Florida",
        country: "US",
        ipAddress: "198.51.100.1",
        userAgent: "UA",
      },
    });
    expect(d.firstName).toBe("Ana");
    expect(d.device).toMatchObject({ browser: "Firefox", deviceType: "Mobile", screenResolution: "390x844", timezone: "UTC", userAgent: "UA" });
    expect(d.location).toMatchObject({ city: "Miami", region: "Florida", country: "US", ipAddress: "198.51.100.1" });
  });

  it("reads flat snake_case meta_details", () => {
    const d = normalizeSignatureDetails({
      first_name: "Bo",
      petition_id: "p2",
      created_date: "01/02/2025",
      meta_details: { browser: "Safari", device_type: "Tablet", screen_resolution: "1024x768", ip_address: "192.0.2.1", city: "Reno" },
    });
    expect(d.firstName).toBe("Bo");
    expect(d.petitionId).toBe("p2");
    expect(d.device).toMatchObject({ browser: "Safari", deviceType: "Tablet", screenResolution: "1024x768" });
    expect(d.location).toMatchObject({ ipAddress: "192.0.2.1", city: "Reno" });
  });

  it("reads nested device and location objects", () => {
    const d = normalizeSignatureDetails({
      meta_details: {
        device: { browser: "Edge", device_type: "Desktop", screen_resolution: "2560x1440", timezone: "Europe/Paris" },
        location: { city: "Paris", region: "Île-de-France", country: "FR", ip_address: "203.0.113.7" },
      },
    });
    expect(d.device).toMatchObject({ browser: "Edge", deviceType: "Desktop", screenResolution: "2560x1440", timezone: "Europe/Paris" });
    expect(d.location).toMatchObject({ city: "Paris", region: "Île-de-France", country: "FR", ipAddress: "203.0.113.7" });
  });

  it("reads a flat list row, and keeps row values the full record leaves empty", () => {
    const fromRow = normalizeSignatureDetails(row);
    expect(fromRow.location.city).toBe("Austin");
    const merged = mergeDetails(fromRow, normalizeSignatureDetails({ firstName: "Maria", meta: { city: "Dallas", browser: "" } }));
    expect(merged.location.city).toBe("Dallas");
    expect(merged.device.browser).toBe("Chrome");
    expect(merged.email).toBe("maria@example.com");
    expect(normalizeSignatureDetails(null).device.browser).toBe("");
  });
});

describe("chunked delete steps", () => {
  it("passes the operationId back and accumulates progress until done", async () => {
    const { deleteStep } = await import("../src/admin/hooks/useChunkedOperation");
    const answers = [
      { operationId: "op1", deleted: 500, remaining: 700, done: false },
      { operationId: "op1", deleted: 500, remaining: 200, done: false },
      { operationId: "op1", deleted: 200, remaining: 0, done: true },
    ];
    const seen: (string | undefined)[] = [];
    const step = deleteStep(async (operationId) => {
      seen.push(operationId);
      return answers[seen.length - 1]!;
    });
    let state = { operationId: undefined as string | undefined, progress: { completed: 0, total: null as number | null } };
    const progress: number[] = [];
    for (;;) {
      const result = await step(state);
      state = { operationId: result.operationId, progress: result.progress };
      progress.push(progressPercentOf(result.progress, result.done));
      if (result.done) break;
    }
    expect(seen).toEqual([undefined, "op1", "op1"]);
    expect(state.progress).toEqual({ completed: 1200, total: 1200 });
    expect(progress.map((p) => Math.round(p))).toEqual([42, 83, 100]);
  });
});
