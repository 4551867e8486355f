/**
 * The identifier index (packages/core/src/report/identifier-items.ts) on DynamoDB Local: a stored
 * report is found by each of its identifiers in any of the acceptance's spellings, with one query;
 * its removal (Report.remove, the admin delete, the delete-all that retention runs) deletes its
 * identifier items and its case member item, and records and publishes `report.removed`.
 */
import { randomUUID } from "node:crypto";
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Bus } from "@site/core/bus";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Report } from "@site/core/report";
import { ReportAdmin } from "@site/core/report/admin";
import { Identifiers } from "@site/core/report/identifier-items";
import { identifiersOfQuery } from "@site/core/report/identifiers";
import type { ReportInput } from "@site/core/report/input";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { minimalReport } from "../support/reports";
import { useOwnTable } from "../support/own-table";

const run = randomUUID().slice(0, 6);
let clients = 0;

/** What the bus was handed, by type. */
let published: { type: string; id: string; detail: unknown }[] = [];

beforeAll(async () => {
  await useOwnTable("report-identifiers");
});

beforeEach(() => {
  published = [];
  Bus.deliverLocallyWith((envelope) => {
    const { id, properties } = Bus.unwrap(envelope);
    published.push({ type: envelope["detail-type"], id, detail: properties });
  });
});

async function create(input: ReportInput) {
  const meta = metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "198.51.100.40"));
  return (await Report.create({ submission: Report.ReportInput.parse(input), client: `198.51.100.${++clients}`, meta })).report;
}

/** The three reports of the acceptance, each naming the same scammer in other words. */
async function acceptanceReports(tag: string) {
  const first = await create(
    minimalReport(`${run}-a`, {
      scammer: { company: `Exit Pros ${tag} LLC`, phone: "(407) 555-0199" },
      contactMethods: [{ method: "social_media", platform: "Facebook", profile: `https://www.facebook.com/exitpros${tag}` }],
    }),
  );
  const second = await create(
    minimalReport(`${run}-b`, { scammer: { company: `EXIT PROS ${tag.toUpperCase()}, L.L.C.`, website: `https://www.exitpros${tag}.example/claim` } }),
  );
  const third = await create(
    minimalReport(`${run}-c`, {
      scammer: { website: `exitpros${tag}.example` },
      contactMethods: [{ method: "phone", countryCode: "+1", phoneNumber: "+1 407-555-0199" }],
    }),
  );
  return [first, second, third];
}

const storedItem = async (key: Record<string, string>) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

/** The report ids the lookup's query finds, per identifier it reads the query as. */
async function found(q: string): Promise<string[]> {
  const ids = await Promise.all(identifiersOfQuery(q).map((identifier) => Identifiers.reportIdsWith(identifier, 100)));
  return [...new Set(ids.flat())].sort();
}

/** Every identifier item left of a report (a consistent query per identifier it names). */
async function identifierItemsOf(report: Report.Info): Promise<unknown[]> {
  const pages = await Promise.all(
    Identifiers.identifiersOf(report).map(
      async (identifier) =>
        (
          await db().send(
            new QueryCommand({
              TableName: table(),
              KeyConditionExpression: "pk = :pk AND sk = :sk",
              ExpressionAttributeValues: { ":pk": Keys.scamIdentifierPartition(identifier.type, identifier.value), ":sk": `R#${report.id}` },
              ConsistentRead: true,
            }),
          )
        ).Items ?? [],
    ),
  );
  return pages.flat();
}

describe("a report's identifier items", () => {
  it("are written with the report: each spelling of the acceptance finds the reports naming it, newest first", async () => {
    const tag = "one";
    const [a, b, c] = await acceptanceReports(tag);
    const byId = (...reports: Report.Info[]) => reports.map((r) => r.id).sort();
    expect(await found(`Exit Pros ${tag} LLC`)).toEqual(byId(a, b));
    expect(await found(`EXIT PROS ${tag}, L.L.C.`)).toEqual(byId(a, b));
    expect(await found("(407) 555-0199")).toEqual(expect.arrayContaining(byId(a, c)));
    expect(await found("+1 407-555-0199")).toEqual(await found("(407) 555-0199"));
    expect(await found(`https://www.exitpros${tag}.example/claim`)).toEqual(byId(b, c));
    expect(await found(`exitpros${tag}.example`)).toEqual(byId(b, c));
    expect(await Identifiers.reportIdsWith({ type: "profile", value: `facebook:exitpros${tag}` })).toEqual([a.id]);
    // one query, newest first, bounded by the limit
    expect(await Identifiers.reportIdsWith({ type: "company", value: `exit pros ${tag}` })).toEqual([b.id, a.id]);
    expect(await Identifiers.reportIdsWith({ type: "company", value: `exit pros ${tag}` }, 1)).toEqual([b.id]);
    // the item lists them, and says what the report wrote
    expect((await storedItem(Keys.report(a.id)))?.identifierKeys).toEqual(
      new Set([`company#exit pros ${tag}`, "phone#+14075550199", `profile#facebook:exitpros${tag}`]),
    );
    expect(await storedItem(Keys.scamIdentifier("company", `exit pros ${tag}`, a.id))).toMatchObject({
      type: "scamIdentifier",
      identifierType: "company",
      shown: `Exit Pros ${tag} LLC`,
      reportId: a.id,
      createdAt: a.createdAt,
    });
  });

  it("are deleted with the report by Report.remove, which records and publishes report.removed", async () => {
    const [a, b] = await acceptanceReports("two");
    expect(await identifierItemsOf(a)).toHaveLength(3);
    expect(await Report.remove(a.id)).toBe(true);
    expect(await identifierItemsOf(a)).toEqual([]);
    expect(await found("Exit Pros two LLC")).toEqual([b.id]);
    expect(published.filter((e) => e.type === "report.removed")).toEqual([{ type: "report.removed", id: expect.any(String), detail: { reportId: a.id } }]);
    // recorded in the removal's transaction (nothing acknowledged it here): the sweeper would publish it again
    const eventId = published.find((e) => e.type === "report.removed")!.id;
    expect(await storedItem(Keys.outbox(eventId))).toMatchObject({ eventType: "report.removed", detail: { reportId: a.id } });
    // a second removal finds nothing and publishes nothing
    expect(await Report.remove(a.id)).toBe(false);
    expect(published.filter((e) => e.type === "report.removed")).toHaveLength(1);
  });

  it("are deleted by the admin delete with the report's case member item; the event names the case", async () => {
    const [a] = await acceptanceReports("three");
    const caseId = `0case${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    // what the cases room writes when an administrator puts the report in a case
    await db().send(
      new UpdateCommand({ TableName: table(), Key: Keys.report(a.id), UpdateExpression: "SET caseId = :c", ExpressionAttributeValues: { ":c": caseId } }),
    );
    await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.scamCaseMember(caseId, a.id), type: "scamCaseMember", reportId: a.id } }));
    expect((await Report.fromID(a.id)).caseId).toBe(caseId);

    expect(await ReportAdmin.remove(a.id)).toEqual({ id: a.id, reference: a.reference });
    expect(await storedItem(Keys.scamCaseMember(caseId, a.id))).toBeUndefined();
    expect(await identifierItemsOf(a)).toEqual([]);
    expect(published.filter((e) => e.type === "report.removed").map((e) => e.detail)).toEqual([{ reportId: a.id, caseId }]);
  });

  it("are deleted with every report of a delete-all (what retention runs), each removal published", async () => {
    const reports = await acceptanceReports("four");
    const caseId = `0case${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.report(reports[2].id),
        UpdateExpression: "SET caseId = :c",
        ExpressionAttributeValues: { ":c": caseId },
      }),
    );
    await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.scamCaseMember(caseId, reports[2].id), type: "scamCaseMember" } }));
    const everyReport: string[] = [];
    for await (const page of Report.allNewestFirst()) everyReport.push(...page.map((r) => r.id));

    let progress = await ReportAdmin.deleteAll(new Date(Date.now() + 1000).toISOString());
    while (!progress.done) progress = await ReportAdmin.deleteAll(new Date(Date.now() + 1000).toISOString());

    for (const report of reports) expect(await identifierItemsOf(report), report.id).toEqual([]);
    expect(await storedItem(Keys.scamCaseMember(caseId, reports[2].id))).toBeUndefined();
    const removed = published.filter((e) => e.type === "report.removed").map((e) => e.detail as { reportId: string; caseId?: string });
    expect(removed.map((e) => e.reportId).sort()).toEqual(everyReport.sort());
    expect(removed.find((e) => e.reportId === reports[2].id)).toEqual({ reportId: reports[2].id, caseId });
    expect(await found("(407) 555-0199")).toEqual([]);
  });
});
