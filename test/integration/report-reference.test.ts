/**
 * A reference number is unique: a report whose number is already taken (1 in 2^40) is written again,
 * in the same request, with a new one (report/index.ts: the "retry" of transactWithRetries), and
 * gives up after the attempts run out. The reference numbers are scripted (Report.create's `draw`);
 * the transaction runs against DynamoDB Local.
 */
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Report } from "@site/core/report";
import { referenceNumber } from "@site/core/report/reference";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { minimalReport } from "../support/reports";
import { useOwnTable } from "../support/table-snapshot";

const TAKEN = "TSR-AAAA-AAAA";
const FRESH = "TSR-BBBB-BBBB";

/** References handed out next, then the real generator's. */
const scripted = { next: [] as string[], always: undefined as string | undefined };
const draw = () => scripted.always ?? scripted.next.shift() ?? referenceNumber();

let clients = 0;
const create = () => {
  const client = `198.51.100.${++clients}`;
  return Report.create(
    {
      submission: Report.ReportInput.parse(minimalReport(`ref-${clients}`)),
      client,
      meta: metaDetails(fromHeaders({ "user-agent": "vitest" }, client)),
    },
    new Date(),
    draw,
  );
};
const guardOf = async (reference: string) =>
  (await db().send(new GetCommand({ TableName: table(), Key: Keys.reportRef(reference), ConsistentRead: true }))).Item;

beforeAll(async () => {
  await useOwnTable("report-ref");
  await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.reportRef(TAKEN), type: "reportRef", reportId: "someone-else" } }));
});

beforeEach(() => {
  scripted.next = [];
  scripted.always = undefined;
});

describe("a taken reference number", () => {
  it("is drawn again as often as needed; each report keeps its own guard", async () => {
    const taken = "TSR-AAAA-0000";
    const fresh = "TSR-BBBB-1111";
    scripted.next = [taken];
    const first = (await create()).report;
    expect(first.reference).toBe(taken);

    scripted.next = [taken, taken, fresh];
    const second = (await create()).report;
    expect(second.reference).toBe(fresh);
    expect(scripted.next).toEqual([]);
    expect((await guardOf(taken))?.reportId).toBe(first.id);
    expect((await guardOf(fresh))?.reportId).toBe(second.id);
    expect((await Report.fromID(second.id)).reference).toBe(fresh);
  });

  it("is drawn again: the report is stored under the new one, the other report's guard untouched", async () => {
    scripted.next = [TAKEN, FRESH];
    const { report } = await create();
    expect(report.reference).toBe(FRESH);
    expect(await Report.fromReference(FRESH)).toMatchObject({ id: report.id, reference: FRESH });
    expect(await guardOf(TAKEN)).toMatchObject({ reportId: "someone-else" });
  });

  it("gives up with the cancellation after eight attempts", async () => {
    scripted.always = TAKEN;
    const send = vi.spyOn(db(), "send");
    try {
      await expect(create()).rejects.toMatchObject({ name: "TransactionCanceledException" });
      expect(send.mock.calls.filter(([c]) => c.constructor.name === "TransactWriteCommand")).toHaveLength(8);
    } finally {
      send.mockRestore();
    }
    expect(await guardOf(TAKEN)).toMatchObject({ reportId: "someone-else" });
  });
});
