import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { expect, it } from "vitest";
import { settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { SIGNATURES_TAB } from "@site/core/signature/sheet";
import { Sheets } from "@site/core/sheets";
import { installLocalBus } from "../../scripts/local/bus";
import { handler as startSync } from "../../packages/functions/src/http/admin-sheets-sync-signatures";
import { handler as jobGet } from "../../packages/functions/src/http/admin-job-get";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { newPetition, signer } from "../support/fixtures";
import { call, httpEvent } from "../support/http";

// The route and subscriber tables wired together as `npm start` runs them: the button's request
// returns at once, the bus delivers sheets.sync_requested to the sheets-sync-job subscriber.
const bus = installLocalBus({ retryDelaysMs: [50] });
const admin = { sub: "admin-sub", email: "local-sync@example.org", "cognito:groups": ["admin"] };

it("POST answers 202 before the sync runs; the subscriber from the table runs it to done", async () => {
  const p = await newPetition();
  for (let i = 0; i < 2; i++) {
    const res = await call(sign, httpEvent({ method: "POST", pathParameters: { id: p.id }, body: signer(`localjob${i}`), sourceIp: `10.77.0.${i + 1}` }));
    expect(res.statusCode).toBe(201);
  }
  await bus.idle();

  const res = await call(
    startSync,
    httpEvent({ method: "POST", path: "/api/admin/sheets/signatures", routeKey: "POST /api/admin/sheets/signatures", body: {}, claims: admin }),
  );
  expect(res.statusCode).toBe(202);
  const get = () => call(jobGet, httpEvent({ method: "GET", routeKey: "GET /api/admin/jobs/{id}", pathParameters: { id: res.body.jobId }, claims: admin }));
  // the delivery starts only after the request has returned
  expect((await get()).body.status).toBe("queued");

  await bus.idle();
  expect(bus.failures).toEqual([]);
  const job = (await get()).body;
  const file = join(settings().SHEETS_DIR, "signatures.csv");
  expect(job).toMatchObject({ status: "done", actor: admin.email, result: { destination: file } });
  expect(
    readFileSync(file, "utf8")
      .split("\r\n")
      .filter((l) => l.includes(`"${p.id}"`)),
  ).toHaveLength(2);
  const state = await db().send(new GetCommand({ TableName: table(), Key: Keys.sheetSync(Sheets.target(SIGNATURES_TAB)), ConsistentRead: true }));
  expect(state.Item?.lockedUntil).toBeUndefined();
});
