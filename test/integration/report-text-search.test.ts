import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@site/core/db/client";
import { Report } from "@site/core/report";
import { ReportListing } from "@site/core/report/listing";
import { ReportTextSearch } from "@site/core/report/text-search";
import { TEXT_SEARCH_MESSAGES } from "@site/core/report/text-search-input";
import { metaDetails } from "@site/core/request/meta-details";
import { fromHeaders } from "@site/core/request/metadata";
import { handler as startSearch } from "../../packages/functions/src/http/admin-report-text-search-start";
import { handler as jobGet } from "../../packages/functions/src/http/admin-job-get";
import { handler as auditList } from "../../packages/functions/src/http/admin-audit-list";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { minimalReport } from "../support/reports";
import { diff, describeChanges, snapshot, useOwnTable } from "../support/table-snapshot";

/**
 * Searching the text of every scam report as a job: 202 at once, the report-text-search-job
 * subscriber reads every report a page at a time, finds the text in the long text fields in any
 * case, reports its progress and ends with the matches (at most 200, saying so). Bad text is a 400
 * that writes nothing. Its own table, so every report is known.
 */
const bus = installLocalBus({ retryDelaysMs: [50] });
let admin: ReturnType<typeof asAdmin>;
let adminEmail: string;

const meta = () => metaDetails(fromHeaders({ "user-agent": "text search test" }, "198.51.100.60"));
const PATH = "/api/admin/reports/text-searches";
const T0 = Date.parse("2026-01-05T15:00:00.000Z");

/** Reports written in bulk (no events), one a minute from T0 on, each with `description` as its story and `extra` fields. */
function reports(descriptions: string[], extra: (i: number) => Partial<Report.ReportInput> = () => ({}), from = T0) {
  return ReportListing.importBatch(
    descriptions.map((description, i) => ({
      submission: Report.ReportInput.parse(minimalReport(`text-${i}`, { scamTypes: [{ type: "other", description }], ...extra(i) })),
      client: "198.51.100.60",
      meta: meta(),
      at: new Date(from + i * 60_000),
    })),
  );
}

beforeAll(async () => {
  await useOwnTable("text-search");
  const a = await adminClaims();
  admin = asAdmin(a.claims);
  adminEmail = a.email;
});

afterAll(() => bus.idle());

/** Starts a search, lets the bus run it, and answers the finished job. */
async function searched(text: string) {
  const res = await admin(startSearch, { method: "POST", path: PATH, body: { text } });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
  expect(Object.keys(res.body)).toEqual(["jobId"]);
  await bus.idle();
  expect(bus.failures).toEqual([]);
  return (await admin(jobGet, { id: res.body.jobId })).body;
}

describe("a report-text search", () => {
  it("finds the reports holding the text in a long field, newest first, and not the others; progress, result and audit", async () => {
    const story = (word: string) => `We paid the ${word} before the closing, then the office stopped answering our calls for weeks.`;
    const made = await reports(
      [story("Escrow Release Fee"), story("title transfer fee"), story("ESCROW RELEASE FEE"), "They asked for an escrow deposit, no release."],
      // the second report has the words in another long field (promised services), not in its description
      (i) => (i === 1 ? { scamTypes: [{ type: "upfront_fees", amount: 900, promisedServices: "An escrow release fee refund" }] } : {}),
    );
    const sent = vi.spyOn(db(), "send");
    const job = await searched("  escrow   release fee ");
    const progressWrites = sent.mock.calls
      .map(([command]) => command as unknown)
      .filter((c): c is UpdateCommand => c instanceof UpdateCommand && c.input.UpdateExpression === "SET progress = :progress")
      .map((c) => c.input.ExpressionAttributeValues![":progress"]);
    sent.mockRestore();

    expect(job).toMatchObject({ kind: "reports.text_search", status: "done", actor: adminEmail, params: { text: "escrow   release fee" } });
    expect(job.progress).toEqual({ phase: "done", completed: 4, total: 4 });
    expect(progressWrites[0]).toEqual({ phase: "searching", completed: 0, total: null });
    expect(progressWrites.at(-1)).toEqual({ phase: "searching", completed: 4, total: 4 });
    const [first, second, third] = made;
    expect(job.result).toEqual({
      matches: [third, second, first].map((r, i) => ({
        id: r.id,
        reference: r.reference,
        fullName: "Ana Lima",
        createdAt: r.createdAt,
        field: i === 1 ? "Promised Services" : "Description",
        snippet: i === 1 ? "An escrow release fee refund" : expect.stringMatching(/^We paid the escrow release fee before the closing, .*…$/i),
      })),
      matched: 3,
      scanned: 4,
      truncated: false,
    });

    const entries = (await admin(auditList, { query: { limit: 100 } })).body.items as { action: string; actor: string; target: string; rows: number }[];
    expect(entries.find((e) => e.action === "reports.searched")).toMatchObject({ actor: adminEmail, rows: 3, target: "report text (20 characters)" });
  });

  it("finds nothing for text no report holds", async () => {
    const job = await searched("no report says this");
    expect(job.result).toMatchObject({ matches: [], matched: 0, truncated: false });
    expect(job.result.scanned).toBeGreaterThanOrEqual(4);
  });

  it("keeps the newest 200 matches and says the result is truncated", async () => {
    const made = await reports(
      Array.from({ length: ReportTextSearch.MAX_MATCHES + 3 }, (_, i) => `Number ${i}: a Vacation Club Points scheme`),
      () => ({}),
      T0 + 3_600_000,
    );
    const job = await searched("vacation club points");
    expect(job.result.matched).toBe(ReportTextSearch.MAX_MATCHES + 3);
    expect(job.result.truncated).toBe(true);
    expect(job.result.matches).toHaveLength(ReportTextSearch.MAX_MATCHES);
    expect(job.result.matches.map((m: { id: string }) => m.id)).toEqual(
      made
        .map((r) => r.id)
        .reverse()
        .slice(0, ReportTextSearch.MAX_MATCHES),
    );
    expect(job.result.scanned).toBe(job.progress.total);
  });

  it("refuses text that is too short, too long, missing or not text with a 400 naming the field, and writes nothing", async () => {
    const before = await snapshot();
    for (const body of [{ text: "ab" }, { text: "   ab   " }, { text: "x".repeat(201) }, {}, { text: 42 }, { text: "fee\u0000" }, "escrow"]) {
      const res = await admin(startSearch, { method: "POST", path: PATH, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.values(TEXT_SEARCH_MESSAGES).some((m) => res.body.fields?.text === m) || typeof body === "string", JSON.stringify(res.body)).toBe(true);
    }
    const changes = diff(before, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
  });
});
