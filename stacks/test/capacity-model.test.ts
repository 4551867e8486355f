import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AWS_QUOTAS, quota } from "../aws-quotas";
import { capacity, executionsPerSignature, invocationsPerSignature, keyCeiling, rows, type Measured } from "../capacity-model";
import { operationsDoc } from "../operations-doc";

/** A signature as a plain (not verifying) petition's measured it, in round numbers. */
const measured = (over: Partial<Measured> = {}): Measured => ({
  tableWrites: 10,
  indexWrites: { gsi1: 1, gsi3: 1, byO1: 1 },
  reads: 2,
  hottest: { key: "table:COUNT#p#3", writes: 0.0625, reads: 0.01 },
  shardReadsPerProcessPerSecond: 1,
  signSeconds: 0.05,
  functions: [
    { fn: "signature-create", perSignature: 1, meanMs: 50, memoryMb: 1024 },
    { fn: "signature-effects", perSignature: 0.02, meanMs: 400, memoryMb: 512 },
  ],
  putEvents: 0,
  eventInvocations: 0.02,
  apiRequests: 1,
  edgeRequests: 30,
  sesSends: 1,
  mailCounts: false,
  ...over,
});

describe("the capacity model of the whole account", () => {
  it("holds every quota with a source, a requested value AWS can grant (never above the default when not adjustable)", () => {
    for (const q of AWS_QUOTAS) {
      expect(q.source, q.id).toMatch(/^https:\/\/docs\.aws\.amazon\.com\//);
      if (!q.adjustable) expect(q.requested, q.id).toBe(q.default);
      else expect(q.requested, q.id).toBeGreaterThanOrEqual(q.default);
    }
  });

  it("computes each ceiling as the quota over what one signature uses, and binds at the lowest", () => {
    const m = measured();
    const all = rows(m);
    const table = all.find((r) => r.resource === "DynamoDB table writes")!;
    expect(table.atDefault).toBe(40_000 / 10);
    expect(table.atRequested).toBe(quota("dynamodb-table-write").requested / 10);
    // warm throughput is the deploy's (40,000 by default, not a new table's 4,000), the campaign's at the requested quotas
    const cold = all.find((r) => r.resource.startsWith("DynamoDB table writes before"))!;
    expect(cold.atDefault).toBe(40_000 / 10);
    expect(cold.atRequested).toBe(quota("dynamodb-new-table-write").requested / 10);
    // a new index's own 4,000 (INDEX_WARM_WRITE_UNITS is off by default) over the busiest index's 1 unit
    expect(all.find((r) => r.resource.startsWith("DynamoDB index writes before"))!.atDefault).toBe(4_000);
    expect(capacity(all, "default")).toEqual({ signaturesPerSecond: 4_000, binding: "DynamoDB table writes" });
    expect(executionsPerSignature(m)).toBeCloseTo(0.05 + 0.008);
    expect(invocationsPerSignature(m)).toBeCloseTo(1.02);
  });

  it("counts a busy signing process's count refresh against the busiest key: reads and writes share a partition", () => {
    // 0.0625 write units (1,000 a second) and every process reading it once a second (3,000 read units a second)
    const m = measured({ hottest: { key: "k", writes: 0.0625, reads: 0 }, signSeconds: 0.3 });
    expect(keyCeiling(m)).toBeCloseTo(1 / (0.0625 / 1000 + 0.3 / 3000));
    expect(keyCeiling(m)).toBeLessThan(16_000);
  });

  it("lets queued mail drain later on a plain petition, and binds at SES on one that verifies", () => {
    expect(capacity(rows(measured()), "requested").binding).not.toMatch(/SES/);
    const verifying = capacity(rows(measured({ mailCounts: true, sesSends: 2 })), "requested");
    expect(verifying).toEqual({
      signaturesPerSecond: (quota("ses-daily-quota").requested / 86_400 / 2) | 0,
      binding: "SES e-mails per 24 hours (as a rate over a day)",
    });
  });
});

describe("docs/operations.md", () => {
  it("is what the quota file makes (npm run docs:operations), so the checklist cannot drift", () => {
    expect(readFileSync(join(__dirname, "../../docs/operations.md"), "utf8")).toBe(operationsDoc());
  });

  it("names where to ask for every quota AWS adjusts on request", () => {
    const doc = operationsDoc();
    for (const q of AWS_QUOTAS.filter((q) => q.where)) expect(doc).toContain(q.where!);
  });
});
