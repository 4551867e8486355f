/**
 * A person with much data (issue 25): a download larger than a response may be goes through the
 * private bucket (a five-minute link to the same JSON, saved as my-data.json), and an erasure of many
 * records runs as a job whose progress the status route follows until done, with the records gone,
 * one audit entry and one completion e-mail. The limits are lowered through the handlers' `routeWith`
 * (Privacy.INLINE_DOWNLOAD_MAX_BYTES, Privacy.ERASE_IN_JOB_ABOVE) so no test stores megabytes.
 */
import { randomUUID } from "node:crypto";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Audit } from "@site/core/audit";
import { bucket, s3 } from "@site/core/bucket";
import { Bus } from "@site/core/bus";
import { resetSettings, settings } from "@site/core/config";
import { db } from "@site/core/db/client";
import { auditedPerson, personHash, recordsOf } from "@site/core/db/person-index";
import { LEAD_FORMS } from "@site/core/lead/forms";
import { listOutbox } from "@site/core/mail/outbox";
import { Petition } from "@site/core/petition";
import { Privacy } from "@site/core/privacy";
import { openLink, readRequest, requestWrites, whileStatus } from "@site/core/privacy/requests";
import { hashToken, newToken } from "@site/core/util/token";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { routeWith as eraseWith } from "../../packages/functions/src/http/privacy-erase";
import { handler as erasureStatus } from "../../packages/functions/src/http/privacy-erasure-status";
import { handler as privacyExport, routeWith as exportWith } from "../../packages/functions/src/http/privacy-export";
import { handler as privacyRecords } from "../../packages/functions/src/http/privacy-records";
import { handler as privacyRequest } from "../../packages/functions/src/http/privacy-request";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";

const bus = installLocalBus();
const run = randomUUID().slice(0, 8);
let ips = 0;
const post = (handler: Parameters<typeof call>[0], body: unknown, pathParameters?: Record<string, string>) =>
  call(handler, httpEvent({ method: "POST", body, pathParameters, sourceIp: `10.94.${run.charCodeAt(2) % 200}.${++ips}` }));
const client = { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" };

beforeAll(async () => {
  await useOwnTable("privacy-large");
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
  resetSettings();
});
afterAll(() => bus.idle());

const mailsTo = async (address: string, subject?: string) =>
  (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()) && (!subject || m.subject === subject));

async function linkFor(email: string): Promise<string> {
  const before = new Set((await mailsTo(email)).map((m) => m.text));
  expect((await post(privacyRequest, { email })).statusCode).toBe(202);
  const fresh = (await mailsTo(email)).filter((m) => !before.has(m.text));
  const token = fresh.flatMap((m) => /\/my-data\?token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1] ?? []);
  expect(token).toHaveLength(1);
  return token[0];
}

/** A person with `leads` guide requests (spread over the forms) and a signature on each petition, the newsletter asked with the first guide request. */
async function personWith(email: string, leads: number, petitions: string[]) {
  for (const [i, petitionId] of petitions.entries()) {
    const res = await post(sign, signer(`${run}${i}`, { email }), { id: petitionId });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  }
  for (let i = 0; i < leads; i++) {
    const res = await post(leadCreate, { fullName: "Lara Large", email, newsletterConsent: i === 0, client }, { form: LEAD_FORMS[i % LEAD_FORMS.length] });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  }
  await bus.idle();
}

/** Requests of the tests below: one erased at once (no status token), one erased as a job. */
const ids = { small: "", job: "", jobToken: "" };

const downloadsOf = async (email: string) =>
  ((await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: Privacy.downloadsOf(email) }))).Contents ?? []).map((o) => o.Key!);

describe("a large download goes through the bucket", () => {
  const email = `large-download-${run}@example.com`;

  it("answers a five-minute link to the same JSON as an attachment, counted on the request; the erasure deletes the file", async () => {
    await personWith(email, 3, [(await newPetition()).id]);
    const token = await linkFor(email);

    const inline = await post(privacyExport, { token });
    expect(inline.statusCode).toBe(200);
    const data = inline.body as Privacy.DownloadData;
    expect(data.records.map((r) => r.kind).sort()).toEqual(["lead", "lead", "lead", "newsletter", "signature"]);
    // the default limit is far above this person's data: answered inline
    expect(Buffer.byteLength(JSON.stringify(data))).toBeLessThan(Privacy.INLINE_DOWNLOAD_MAX_BYTES);

    const started = Date.now();
    const large = await post(exportWith({ inlineMaxBytes: 1000 }), { token });
    expect(large.statusCode, JSON.stringify(large.body)).toBe(200);
    const link = large.body as { url: string; expiresAt: string };
    expect(Object.keys(link).sort()).toEqual(["expiresAt", "url"]);
    expect(JSON.stringify(link)).not.toContain(email);
    const expiresIn = Date.parse(link.expiresAt) - started;
    expect(expiresIn).toBeGreaterThan((Privacy.DOWNLOAD_LINK_SECONDS - 30) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(Privacy.DOWNLOAD_LINK_SECONDS * 1000 + 5000);
    expect(new URL(link.url).searchParams.get("X-Amz-Expires")).toBe(String(Privacy.DOWNLOAD_LINK_SECONDS));

    // one file, in the person's folder of the private prefix, with an unguessable name
    const files = await downloadsOf(email);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^privacy-downloads/${personHash(email)}/[A-Za-z0-9_-]{43}\\.json$`));

    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="my-data.json"');
    const fetched = (await res.json()) as Privacy.DownloadData;
    const { exportedAt: _a, ...same } = data;
    const { exportedAt: _b, ...fromBucket } = fetched;
    expect(fromBucket).toEqual(same);
    expect(Date.parse(fetched.exportedAt)).toBeGreaterThanOrEqual(Date.parse(data.exportedAt));

    const { requestId } = await openLink(token);
    expect((await readRequest(requestId))?.downloads).toBe(2);
    ids.small = requestId;

    const erased = await post(eraseWith(), { token });
    expect(erased.body).toEqual({ erased: { signature: 1, report: 0, lead: 3, newsletter: 1, scamAlertCorrection: 0 } });
    expect(await downloadsOf(email)).toEqual([]);
    await bus.idle();
  });

  it("an unusable link writes nothing to the bucket or the table", async () => {
    const before = await snapshot();
    const res = await post(exportWith({ inlineMaxBytes: 1 }), { token: newToken() });
    expect(res).toMatchObject({ statusCode: 400, body: { error: Privacy.PRIVACY_MESSAGES.invalidLink } });
    const changes = diff(before, await snapshot()).filter((c) => c.kind !== "RATE");
    expect(changes, describeChanges(changes)).toEqual([]);
    expect(await downloadsOf(email)).toEqual([]);
  });
});

describe("an erasure of many records runs as a job", () => {
  const email = `large-erasure-${run}@example.com`;
  let petitions: string[];

  beforeAll(async () => {
    petitions = [(await newPetition()).id, (await newPetition()).id];
  });

  it("answers at once with its progress and a status token, which the status route follows to done; the records go, audited and e-mailed once", async () => {
    await personWith(email, 8, petitions);
    const counts = [await Petition.count(petitions[0], true), await Petition.count(petitions[1], true)];
    const token = await linkFor(email);
    const seen = await post(privacyRecords, { token });
    expect(seen.body).toMatchObject({ counts: { signature: 2, report: 0, lead: 8, newsletter: 1 } });
    const held = (await recordsOf(email)).length;
    expect(held).toBeGreaterThan(5);

    const answer = await post(eraseWith({ jobAbove: 5 }), { token });
    expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
    const erasing = answer.body as { status: string; progress: { completed: number; total: number }; statusToken: string };
    expect(erasing).toEqual({
      status: "erasing",
      progress: { completed: 0, total: held },
      statusToken: expect.stringMatching(/^[0-9a-z]{21}\.[A-Za-z0-9_-]{43}$/),
    });
    expect(JSON.stringify(erasing)).not.toContain(email);
    // the link is used up at the confirmation, as before
    expect((await post(privacyRecords, { token })).statusCode).toBe(400);

    // the page's polling: every answer is a progress that never goes back, until the counts
    const answers: Record<string, unknown>[] = [];
    for (let i = 0; i < 600; i++) {
      const status = await post(erasureStatus, { statusToken: erasing.statusToken });
      expect(status.statusCode, JSON.stringify(status.body)).toBe(200);
      answers.push(status.body as Record<string, unknown>);
      if ((status.body as { status: string }).status === "erased") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const last = answers.at(-1)!;
    expect(last).toEqual({
      status: "erased",
      erased: { signature: 2, report: 0, lead: 8, newsletter: 1, scamAlertCorrection: 0 },
      progress: { completed: expect.any(Number), total: expect.any(Number) },
    });
    const progress = answers.map((a) => a.progress as { completed: number; total: number });
    for (const p of progress) expect(p.completed).toBeLessThanOrEqual(p.total);
    for (let i = 1; i < progress.length; i++) expect(progress[i].completed).toBeGreaterThanOrEqual(progress[i - 1].completed);
    expect(progress.at(-1)!.completed).toBe(progress.at(-1)!.total);
    expect(progress.at(-1)!.total).toBeGreaterThanOrEqual(held - 1);
    for (const a of answers) expect(JSON.stringify(a)).not.toContain(email);

    await bus.idle();
    expect(await recordsOf(email)).toEqual([]);
    expect([await Petition.count(petitions[0], true), await Petition.count(petitions[1], true)]).toEqual([counts[0] - 1, counts[1] - 1]);
    const requestId = erasing.statusToken.split(".")[0];
    ids.job = requestId;
    ids.jobToken = erasing.statusToken;
    const done = (await readRequest(requestId))!;
    expect(done).toMatchObject({ status: "completed", erased: { signature: 2, lead: 8, newsletter: 1 } });
    expect(done.email).toBeUndefined();
    // the counts so far and the tabs are done with; the status token's hash stays for the page
    expect(done.progress).toEqual({ completed: done.progress!.total, total: done.progress!.total });
    expect(done.statusTokenHash).toBe(hashToken(erasing.statusToken.split(".")[1]));

    // a repeated delivery (a retry, the sweeper) finds it completed: still one audit entry and one e-mail
    await Bus.publish(Privacy.Events.ErasureConfirmed, { requestId });
    await bus.idle();
    const notices = await mailsTo(email, "Your data has been erased");
    expect(notices).toHaveLength(1);
    for (const line of ["2 petition signatures", "8 free-guide requests", "1 newsletter subscription"]) expect(notices[0].text).toContain(line);
    const audits = (await Audit.list(100)).filter((e) => e.action === "privacy.erased" && e.target.includes(auditedPerson(email)));
    expect(audits).toHaveLength(1);
    expect(audits[0].rows).toBe(11);
  });

  it("a run that reaches its time budget saves its progress and counts, and a fresh run finishes, counting both", async () => {
    const other = `budget-${run}@example.com`;
    await personWith(other, 4, [petitions[0]]);
    const token = await linkFor(other);
    const { requestId, email: address } = await openLink(token);
    const total = (await recordsOf(other)).length;
    // what the confirmation of a job leaves, without its event (this test runs the first run itself)
    const secret = newToken();
    const pending = (await readRequest(requestId))!;
    await db().send(
      new TransactWriteCommand({
        TransactItems: requestWrites(
          {
            ...pending,
            status: "confirmed",
            confirmedAt: new Date().toISOString(),
            email: address,
            progress: { completed: 0, total },
            statusTokenHash: hashToken(secret),
          },
          whileStatus("pending"),
        ),
      }),
    );

    // no time at all: one record, then its progress with the next run's event
    expect(await Privacy.complete(requestId, { budgetMs: 0 })).toBeUndefined();
    const stopped = (await readRequest(requestId))!;
    expect(stopped.status).toBe("confirmed");
    expect(stopped.progress).toMatchObject({ completed: 1, total });
    const firstCounts = stopped.progress!.erased!;
    expect(Object.values(firstCounts).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    expect(await post(erasureStatus, { statusToken: `${requestId}.${secret}` })).toMatchObject({
      statusCode: 200,
      body: { status: "erasing", progress: { completed: 1, total } },
    });

    // the event it recorded runs the rest in the subscriber
    await bus.idle();
    const done = (await readRequest(requestId))!;
    expect(done).toMatchObject({ status: "completed", erased: { signature: 1, report: 0, lead: 4, newsletter: 1 }, progress: { completed: total, total } });
    expect(await recordsOf(other)).toEqual([]);
    expect(await mailsTo(other, "Your data has been erased")).toHaveLength(1);
  });

  it("the status route answers a wrong, unknown, malformed or old token alike, never the address, and writes nothing", async () => {
    expect(ids.small && ids.job).toBeTruthy();
    const before = await snapshot();
    const unknown = { statusCode: 404, body: { error: Privacy.PRIVACY_MESSAGES.unknownErasure } };
    const wrong = [
      `${ids.job}.${newToken()}`, // the job's request, another secret
      `${ids.small}.${newToken()}`, // a request erased at once has no status token
      `${"0".repeat(21)}.${newToken()}`,
      newToken(),
      "",
      "not a token",
      `${ids.job}.`,
    ];
    for (const statusToken of wrong) expect(await post(erasureStatus, { statusToken }), statusToken).toMatchObject(unknown);
    // the right one answers its counts until ERASURE_STATUS_HOURS after the erasure finished, then alike
    const job = (await readRequest(ids.job))!;
    const finished = Date.parse(job.completedAt!);
    await expect(Privacy.erasureStatus(ids.jobToken, finished + Privacy.ERASURE_STATUS_HOURS * 3_600_000 - 1000)).resolves.toMatchObject({ status: "erased" });
    await expect(Privacy.erasureStatus(ids.jobToken, finished + Privacy.ERASURE_STATUS_HOURS * 3_600_000 + 1)).rejects.toBeInstanceOf(Privacy.UnknownErasure);
    expect(await post(erasureStatus, {})).toMatchObject({ statusCode: 400, body: { error: "statusToken is required" } });
    expect(await post(erasureStatus, { statusToken: "x".repeat(201) })).toMatchObject({ statusCode: 400 });
    const changes = diff(before, await snapshot()).filter((c) => c.kind !== "RATE");
    expect(changes, describeChanges(changes)).toEqual([]);
  });
});
