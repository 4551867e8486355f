/**
 * The scam identifiers' backfill (packages/core/src/migrations/scam-identifiers.ts): reports stored
 * before the identifier index have no identifier items and no list of them; one run gives each
 * report its items, so every identifier finds it again and its removal deletes them; a second run
 * changes nothing.
 */
import { randomUUID } from "node:crypto";
import { DeleteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { Bus } from "@site/core/bus";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Cases } from "@site/core/cases";
import { backfillScamIdentifiers } from "@site/core/migrations/scam-identifiers";
import { proposeStoredReports } from "@site/core/migrations/scam-proposals";
import { Report } from "@site/core/report";
import { Identifiers } from "@site/core/report/identifier-items";
import type { ReportInput } from "@site/core/report/input";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { minimalReport } from "../support/reports";
import { useOwnTable } from "../support/own-table";
import { describeChanges, diff, snapshot } from "../support/table-snapshot";

const run = randomUUID().slice(0, 6);
let clients = 0;

beforeAll(async () => {
  await useOwnTable("scam-identifiers-backfill");
  Bus.deliverLocallyWith(() => {});
});

async function create(input: ReportInput) {
  const meta = metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "198.51.100.50"));
  return (await Report.create({ submission: Report.ReportInput.parse(input), client: `198.51.100.${++clients}`, meta })).report;
}

/** The report as stored before the index: its identifier items deleted, its list removed. */
async function asBeforeTheIndex(report: Report.Info) {
  for (const identifier of Identifiers.identifiersOf(report)) {
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.scamIdentifier(identifier.type, identifier.value, report.id) }));
  }
  await db().send(new UpdateCommand({ TableName: table(), Key: Keys.report(report.id), UpdateExpression: "REMOVE identifierKeys" }));
}

const finds = async (report: Report.Info) =>
  Promise.all(Identifiers.identifiersOf(report).map(async (identifier) => (await Identifiers.reportIdsWith(identifier)).includes(report.id)));

describe("the scam identifiers' backfill", () => {
  it("gives reports stored before the index their identifier items, once", async () => {
    const old = await create(
      minimalReport(`${run}-old`, {
        scammer: {
          company: "Backfill Exit Pros LLC",
          name: "Jane Roe",
          phone: "(321) 555-0142",
          email: "refunds@backfill-exit.example",
          website: "https://www.backfill-exit.example/claim",
        },
        contactMethods: [
          { method: "social_media", platform: "Instagram", profile: "@backfillexit" },
          { method: "email", emailAddress: "backfill.exit@gmail.com" },
        ],
      }),
    );
    const nothingKnown = await create(
      minimalReport(`${run}-none`, {
        scammer: { company: "unknown", name: "Mike" },
        contactMethods: [{ method: "in_person", location: "Orlando", eventType: "Owner update" }],
      }),
    );
    const written = Identifiers.identifiersOf(old);
    expect(written.map((i) => i.type).sort()).toEqual(["company", "domain", "person", "phone", "profile", "profile"]);
    const indexed = await snapshot();

    await asBeforeTheIndex(old);
    expect(await finds(old)).toEqual(written.map(() => false));
    expect((await db().send(new GetCommand({ TableName: table(), Key: Keys.report(old.id), ConsistentRead: true }))).Item).not.toHaveProperty("identifierKeys");

    const first = await backfillScamIdentifiers();
    expect(first).toEqual({ reports: 2, indexed: 1, identifiers: written.length, skipped: 1 });
    expect(await finds(old)).toEqual(written.map(() => true));
    expect(Identifiers.identifiersOf(nothingKnown)).toEqual([]);
    // the table is as the report's own transaction left it
    const changes = diff(indexed, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);

    // idempotent: the same items again, nothing more
    expect(await backfillScamIdentifiers()).toEqual(first);
    const again = diff(indexed, await snapshot());
    expect(again, describeChanges(again)).toEqual([]);

    // and the report's removal deletes what the backfill wrote
    expect(await Report.remove(old.id)).toBe(true);
    expect(await finds(old)).toEqual(written.map(() => false));
  });

  it("then places the stored reports into case proposals, oldest first, once", async () => {
    // no subscriber runs here (the bus delivers nowhere): these reports were stored before cases
    const a = await create(minimalReport(`${run}-a`, { scammer: { company: "Stored Exit Co", phone: "(407) 555-0177" } }));
    const b = await create(minimalReport(`${run}-b`, { scammer: { company: "Another Name Inc", phone: "+1 407-555-0177" } }));
    const alone = await create(minimalReport(`${run}-alone`, { scammer: { company: "Nobody Else LLC" } }));
    expect((await Cases.listProposals()).proposals).toEqual([]);

    const first = await proposeStoredReports();
    expect(first.reports).toBe(4); // with the first test's report that names nothing
    const { proposals } = await Cases.listProposals();
    expect(proposals).toHaveLength(1);
    expect(proposals[0].reports.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(proposals[0].reports.map((r) => r.id)).not.toContain(alone.id);

    // idempotent: placed reports are left alone
    expect((await proposeStoredReports()).proposed).toBe(0);
    expect((await Cases.listProposals()).proposals).toHaveLength(1);
  });
});
