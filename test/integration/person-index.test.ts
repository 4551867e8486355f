/**
 * The index of a person's records (groundwork): every writer of a record holding an
 * e-mail gives it the gsi3 keys, so `recordsOf(email)` finds signatures on every petition, scam
 * reports, guide submissions of every form, the newsletter subscriber and a pending confirmation
 * token with one query — and nothing of another address. A local table made before gsi3 existed
 * gets it when the stack starts.
 */
import { randomUUID } from "node:crypto";
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { TABLE_INDEXES } from "@site/core/db/indexes";
import { Keys } from "@site/core/db/keys";
import { Newsletter } from "@site/core/newsletter";
import { personHash } from "@site/core/db/person-index";
import { recordsOf, type PersonRecord } from "@site/core/db/person-index";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as report } from "../../packages/functions/src/http/report-create";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { ensureTable, LOCAL_REGION } from "../../scripts/local/provision";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { minimalReport } from "../support/reports";
import { useOwnTable } from "../support/table-snapshot";

const bus = installLocalBus();
const run = randomUUID().slice(0, 8);
let ips = 0;
const ip = () => `10.91.${run.charCodeAt(0) % 200}.${++ips}`;

beforeAll(async () => {
  await useOwnTable("person-index");
});

/** One person's records of every kind, through the real handlers; answers what each created. */
async function everything(email: string, petitions: string[]) {
  for (const petitionId of petitions) {
    const res = await call(
      sign,
      httpEvent({ method: "POST", pathParameters: { id: petitionId }, body: signer(run, { email, newsletterConsent: true }), sourceIp: ip() }),
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  }
  // the newsletter subscriber and its confirmation token: the report's consent (a signature's is an offer in its thank-you e-mail, nothing stored until taken)
  const reported = await call(
    report,
    httpEvent({
      method: "POST",
      body: minimalReport(run, { wantUpdates: true, reporter: { fullName: "Ana Lima", email, city: "Orlando", state: "FL" } }),
      sourceIp: ip(),
    }),
  );
  expect(reported.statusCode, JSON.stringify(reported.body)).toBe(201);
  for (const form of ["checklist", "before-you-sign"]) {
    const asked = await call(
      leadCreate,
      httpEvent({
        method: "POST",
        pathParameters: { form },
        body: {
          fullName: "Ana Lima",
          email,
          newsletterConsent: false,
          client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
        },
        sourceIp: ip(),
      }),
    );
    expect(asked.statusCode, JSON.stringify(asked.body)).toBe(201);
  }
  await bus.idle();
}

const kinds = (records: PersonRecord[]) => records.map((r) => r.kind).sort();

describe("recordsOf: a person's records by one query", () => {
  it("finds every kind of record of one address, in any spelling, and none of another", async () => {
    const first = `Person-One-${run}@Example.com`;
    const second = `person-two-${run}@example.com`;
    const petitions = [(await newPetition()).id, (await newPetition()).id];
    await everything(first, petitions);
    await everything(second, petitions.slice(0, 1));

    const mine = await recordsOf(first.toUpperCase());
    // two signatures, a report, two guide submissions, the subscriber (the report's consent) and its confirmation token
    expect(kinds(mine)).toEqual(["lead", "lead", "newsletter", "newsletterToken", "report", "signature", "signature"]);
    expect(
      mine
        .filter((r) => r.kind === "signature")
        .map((r) => Keys.signatureOf(r)?.petitionId)
        .sort(),
    ).toEqual([...petitions].sort());
    expect(mine.find((r) => r.kind === "newsletter")).toMatchObject({ pk: `NEWSLETTER#${first.toLowerCase()}`, sk: "SUBSCRIPTION" });
    expect((await Newsletter.find(first))!.status).toBe("unconfirmed");

    const theirs = await recordsOf(second);
    expect(kinds(theirs)).toEqual(["lead", "lead", "newsletter", "newsletterToken", "report", "signature"]);
    expect(theirs.some((r) => mine.some((m) => m.pk === r.pk && m.sk === r.sk))).toBe(false);
    expect(await recordsOf(`nobody-${run}@example.com`)).toEqual([]);
  });

  it("keys the index by a hash: no address in its keys", () => {
    expect(personHash("Ana@Example.com ")).toBe(personHash("ana@example.com"));
    expect(personHash("ana@example.com")).not.toContain("ana");
  });
});

describe("a local table made before gsi3", () => {
  it("gets the index when the stack starts", async () => {
    const ddb = new DynamoDBClient({
      endpoint: inject("emulators").dynamodb,
      region: LOCAL_REGION,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    const name = `old-layout-${run}`;
    // every index of today but gsi3 (building ten indexes one after another is too slow beside a busy test run)
    const before = TABLE_INDEXES.filter((i) => i.name !== "gsi3");
    await ddb.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [...new Set(["pk", "sk", ...before.flatMap((i) => [i.pk, i.sk])])].map((AttributeName) => ({
          AttributeName,
          AttributeType: "S" as const,
        })),
        KeySchema: [
          { AttributeName: "pk", KeyType: "HASH" },
          { AttributeName: "sk", KeyType: "RANGE" },
        ],
        GlobalSecondaryIndexes: before.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.pk, KeyType: "HASH" as const },
            { AttributeName: i.sk, KeyType: "RANGE" as const },
          ],
          Projection:
            typeof i.projection === "string" ? { ProjectionType: i.projection } : { ProjectionType: "INCLUDE" as const, NonKeyAttributes: [...i.projection] },
        })),
      }),
    );
    await ensureTable(inject("emulators").dynamodb, name);
    const described = await ddb.send(new DescribeTableCommand({ TableName: name }));
    const gsi3 = described.Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === "gsi3");
    expect(gsi3?.Projection?.ProjectionType).toBe("KEYS_ONLY");
    expect(described.Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(TABLE_INDEXES.map((i) => i.name).sort());
    ddb.destroy();
  });
});
