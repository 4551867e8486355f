/**
 * A reference number is unique: a report that draws one already taken (1 in 2^40) draws again,
 * in the same request, instead of failing or sharing it.
 */
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Report } from "@site/core/report";
import { referenceNumber } from "@site/core/report/reference";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { minimalReport } from "../support/reports";
import { useOwnTable } from "../support/table-snapshot";

vi.mock("@site/core/report/reference", async (original) => {
  const actual = await original<typeof import("@site/core/report/reference")>();
  return { ...actual, referenceNumber: vi.fn(actual.referenceNumber) };
});

const meta = metaDetails(fromHeaders({ "user-agent": "test" }, "198.51.100.20"));
const submit = (n: string) => Report.create({ submission: Report.ReportInput.parse(minimalReport(n)), client: `client-${n}`, meta });

beforeAll(() => useOwnTable("report-reference"));

describe("reference numbers", () => {
  it("draws again when the one drawn is taken", async () => {
    const taken = "TSR-AAAA-0000";
    const fresh = "TSR-BBBB-1111";
    vi.mocked(referenceNumber).mockReturnValueOnce(taken);
    const first = (await submit("first")).report;
    expect(first.reference).toBe(taken);

    vi.mocked(referenceNumber).mockReturnValueOnce(taken).mockReturnValueOnce(taken).mockReturnValueOnce(fresh);
    const second = (await submit("second")).report;
    expect(second.reference).toBe(fresh);

    const guard = async (reference: string) =>
      (await db().send(new GetCommand({ TableName: table(), Key: Keys.reportRef(reference), ConsistentRead: true }))).Item;
    expect((await guard(taken))?.reportId).toBe(first.id);
    expect((await guard(fresh))?.reportId).toBe(second.id);
    expect((await Report.fromID(second.id)).reference).toBe(fresh);
  });
});
