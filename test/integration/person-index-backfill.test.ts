/**
 * The person index's backfill: records written before gsi3 existed lack its keys.
 * Two people leave a record of every kind through the real handlers (signatures, a scam report,
 * guide submissions, the newsletter subscriber and its confirmation token); the keys are stripped
 * as if written before the index; one backfill gives every record back exactly the keys its writer
 * gave it, so `recordsOf` finds them all again, and a second run updates nothing.
 */
import { randomUUID } from "node:crypto";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { backfillPersonIndex } from "@site/core/migrations/person-index-backfill";
import { recordsOf, type PersonRecord } from "@site/core/db/person-index";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as report } from "../../packages/functions/src/http/report-create";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { minimalReport } from "../support/reports";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";

const bus = installLocalBus();
const run = randomUUID().slice(0, 8);
let ips = 0;
const ip = () => `10.93.${run.charCodeAt(0) % 200}.${++ips}`;

beforeAll(async () => {
  await useOwnTable("person-index-backfill");
});

/** One person's records of every kind, through the real handlers; answers the report's id. */
async function everything(email: string, petitions: string[]): Promise<string> {
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
  for (const form of ["checklist", "spotting-exit-scams"]) {
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
  return reported.body.reportId as string;
}

const sorted = (records: PersonRecord[]) => records.map((r) => `${r.kind} ${r.pk} ${r.sk}`).sort();

/** Removes attributes from every item that has gsi3 keys: the table as if written before the index. */
async function strip(remove: string, only?: (item: Record<string, unknown>) => boolean): Promise<number> {
  let n = 0;
  for (const { item } of (await snapshot()).values()) {
    if (!item.gsi3pk || (only && !only(item))) continue;
    await db().send(new UpdateCommand({ TableName: table(), Key: { pk: item.pk, sk: item.sk }, UpdateExpression: `REMOVE ${remove}` }));
    n++;
  }
  return n;
}

describe("backfillPersonIndex", () => {
  const first = `Backfill-One-${run}@Example.com`;
  const second = `backfill-two-${run}@example.com`;

  it("gives every record of every kind back the keys its writer gave it, once", async () => {
    const petitions = [(await newPetition()).id, (await newPetition()).id];
    await everything(first, petitions);
    await everything(second, petitions.slice(0, 1));
    const mine = sorted(await recordsOf(first));
    const theirs = sorted(await recordsOf(second));
    expect(mine.map((r) => r.split(" ")[0])).toEqual(["lead", "lead", "newsletter", "newsletterToken", "report", "signature", "signature"]);
    expect(theirs).toHaveLength(6);
    const written = await snapshot();

    expect(await strip("gsi3pk, gsi3sk")).toBe(13);
    expect(await recordsOf(first)).toEqual([]);
    expect(await recordsOf(second)).toEqual([]);

    const result = await backfillPersonIndex();
    expect(result.updated).toEqual({ signature: 3, report: 2, lead: 4, newsletter: 2, newsletterToken: 2 });
    expect(result.skipped).toBe(0);
    expect(result.scanned).toBe(written.size);

    // exactly the table the writers left: the same keys on the same items, nothing else touched
    const changes = diff(written, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
    expect(sorted(await recordsOf(first.toUpperCase()))).toEqual(mine);
    expect(sorted(await recordsOf(second))).toEqual(theirs);

    const again = await backfillPersonIndex();
    expect(again).toMatchObject({ updated: {}, skipped: 0 });
    const unchanged = diff(written, await snapshot());
    expect(unchanged, describeChanges(unchanged)).toEqual([]);
  });

  it("finds the address of a report stored before `emailNormalized`, in its body", async () => {
    const email = `Legacy-Reporter-${run}@Example.com`;
    const reported = await call(
      report,
      httpEvent({ method: "POST", body: minimalReport(run, { reporter: { fullName: "Ana Lima", email, city: "Orlando", state: "FL" } }), sourceIp: ip() }),
    );
    expect(reported.statusCode, JSON.stringify(reported.body)).toBe(201);
    await bus.idle();
    const key = Keys.report(reported.body.reportId as string);
    expect(await strip("gsi3pk, gsi3sk, emailNormalized", (item) => item.pk === key.pk)).toBe(1);
    expect(await recordsOf(email)).toEqual([]);

    expect((await backfillPersonIndex()).updated).toEqual({ report: 1 });
    expect(await recordsOf(email)).toEqual([{ kind: "report", ...key }]);
  });
});
