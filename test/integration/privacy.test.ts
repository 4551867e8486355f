/**
 * Erasure and /my-data end to end: two people with a record of every kind (signatures on two petitions, a
 * report with evidence files, a submission of each guide form, a newsletter subscriber); the first
 * asks for erasure and confirms it through the e-mailed link. Nothing holding the first address
 * remains in the table, the bucket or the local spreadsheet files; everything of the second stays;
 * counts are exact. An expired and a used link change nothing.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { CreateBucketCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Audit } from "@site/core/audit";
import { resetSettings, settings } from "@site/core/config";
import { Evidence, type PresignedUpload } from "@site/core/evidence";
import { s3 } from "@site/core/evidence/s3";
import { LEAD_FORMS, LEAD_FORM_INFO } from "@site/core/lead/forms";
import { listOutbox } from "@site/core/mail/outbox";
import { Petition } from "@site/core/petition";
import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { Bus } from "@site/core/bus";
import { Newsletter } from "@site/core/newsletter";
import { db } from "@site/core/db/client";
import { Privacy } from "@site/core/privacy";
import { auditedPerson, personHash } from "@site/core/db/person-index";
import { recordsOf } from "@site/core/db/person-index";
import { openLink, readRequest, requestWrites, whileStatus } from "@site/core/privacy/requests";
import { PrivacyListing } from "@site/core/privacy/listing";
import { recount as recountRequests } from "@site/core/privacy/counts";
import { SubscriberListing } from "@site/core/newsletter/listing";
import { DELETION_LINK_SECONDS, UNCONFIRMED_SUBSCRIBER_DAYS } from "@site/core/policy/retention";
import { fileFor } from "@site/core/sheets/local";
import { REPORTS_TAB } from "@site/core/report/sheet";
import { SIGNATURES_TAB } from "@site/core/signature/sheet";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as reportUpload } from "../../packages/functions/src/http/report-upload";
import { handler as reportCreate } from "../../packages/functions/src/http/report-create";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { handler as privacyRequest } from "../../packages/functions/src/http/privacy-request";
import { handler as privacyRecords } from "../../packages/functions/src/http/privacy-records";
import { handler as privacyExport } from "../../packages/functions/src/http/privacy-export";
import { handler as privacyErase } from "../../packages/functions/src/http/privacy-erase";
import { installLocalBus } from "../../scripts/local/bus";
import { call, httpEvent } from "../support/http";
import { newPetition, signer } from "../support/fixtures";
import { minimalReport, PDF, PNG, postToBucket } from "../support/reports";
import { describeChanges, diff, snapshot, useOwnTable, type Snapshot } from "../support/table-snapshot";

const BUCKET = `privacy-test-${randomUUID().slice(0, 8)}`;
const bus = installLocalBus();
const run = randomUUID().slice(0, 8);
let ips = 0;
const ip = () => `10.92.${run.charCodeAt(1) % 200}.${++ips}`;
const client = { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" };

beforeAll(async () => {
  await useOwnTable("privacy");
  process.env.BUCKET_NAME = BUCKET;
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
  resetSettings();
  Evidence.resetS3();
  await s3().send(new CreateBucketCommand({ Bucket: BUCKET }));
});
afterEach(() => vi.useRealTimers());
afterAll(() => bus.idle());

const post = (handler: Parameters<typeof call>[0], body: unknown, pathParameters?: Record<string, string>) =>
  call(handler, httpEvent({ method: "POST", body, pathParameters, sourceIp: ip() }));

async function upload(purpose: "contactEmail" | "details", fileName: string, bytes: Uint8Array) {
  const res = await post(reportUpload, { purpose, fileName, size: bytes.length });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  const presigned = res.body as PresignedUpload;
  expect((await postToBucket(presigned, bytes, fileName)).status).toBe(204);
  return { uploadId: presigned.uploadId, fileName };
}

/** One person's records of every kind, through the real handlers; the newsletter consent comes with the first guide form (a signature's is an offer in its thank-you e-mail, nothing stored until taken). */
async function everything(email: string, name: string, petitions: string[]) {
  for (const petitionId of petitions) {
    const res = await post(sign, signer(run, { email, newsletterConsent: true }), { id: petitionId });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  }
  const evidence = { contactEmail: await upload("contactEmail", "Scam e-mail.pdf", PDF), details: await upload("details", "screenshot.png", PNG) };
  const reported = await post(
    reportCreate,
    minimalReport(run, {
      reporter: { fullName: name, email, city: "Orlando", state: "FL" },
      contactMethods: [{ method: "email", emailAddress: "offers@resale.example" }],
      evidence,
    }),
  );
  expect(reported.statusCode, JSON.stringify(reported.body)).toBe(201);
  for (const form of LEAD_FORMS) {
    const asked = await post(leadCreate, { fullName: name, email, newsletterConsent: form === LEAD_FORMS[0], client }, { form });
    expect(asked.statusCode, JSON.stringify(asked.body)).toBe(201);
  }
  await bus.idle();
  return { reportId: (reported.body as { reportId: string }).reportId };
}

const evidenceOf = async (reportId: string) =>
  ((await s3().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `reports/${reportId}/` }))).Contents ?? []).map((o) => o.Key);
const sheetFiles = () => [SIGNATURES_TAB, REPORTS_TAB, ...LEAD_FORMS.map((f) => LEAD_FORM_INFO[f].sheetTab)].map((tab) => fileFor(settings().SHEETS_DIR, tab));
const sheetsText = async () => (await Promise.all(sheetFiles().map((f) => readFile(f, "utf8")))).join("\n").toLowerCase();
const tableText = (snap: Snapshot) =>
  [...snap.values()]
    .map((v) => v.json)
    .join("\n")
    .toLowerCase();
const mailsTo = async (address: string) =>
  (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));

const linkTokens = async (address: string) => new Set((await mailsTo(address)).flatMap((m) => /\/my-data\?token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1] ?? []));

/** Asks for the link and takes its token from the new e-mail. */
async function linkFor(email: string): Promise<string> {
  const before = await linkTokens(email);
  const res = await post(privacyRequest, { email });
  expect(res.statusCode, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toEqual({ status: "sent" });
  const fresh = [...(await linkTokens(email))].filter((t) => !before.has(t));
  expect(fresh).toHaveLength(1);
  return fresh[0];
}

/** The table without what every call writes (rate windows), for "changes nothing". */
const withoutRateWindows = (snap: Snapshot) => new Map([...snap].filter(([key]) => !key.startsWith("RATE#")));

const first = `Erase-Me-${run}@Example.com`;
const second = `keep-me-${run}@example.com`;
let petitions: string[];
let reports: { first: string; second: string };
let usedToken: string;

describe("erasure through the e-mailed link", () => {
  beforeAll(async () => {
    petitions = [(await newPetition()).id, (await newPetition()).id];
    reports = {
      first: (await everything(first, "Erin Firstperson", petitions)).reportId,
      second: (await everything(second, "Kim Secondperson", petitions)).reportId,
    };
  });

  it("answers the same for an address with no data, and e-mails its link all the same", async () => {
    const nobody = `nobody-${run}@example.com`;
    const token = await linkFor(nobody);
    const seen = await post(privacyRecords, { token });
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toMatchObject({ email: nobody, counts: { signature: 0, report: 0, lead: 0, newsletter: 0 }, records: [] });
  });

  it("sends one mailbox at most LINKS_PER_ADDRESS_PER_DAY links a day, answering alike after that; limits each client per minute (429)", async () => {
    const busy = `busy-${run}@example.com`;
    for (let i = 0; i < Privacy.LINKS_PER_ADDRESS_PER_DAY; i++) await linkFor(i % 2 ? busy.toUpperCase() : busy);
    const before = (await mailsTo(busy)).length;
    const more = await post(privacyRequest, { email: busy.replace("@", "+again@") });
    expect(more.statusCode).toBe(202);
    expect(more.body).toEqual({ status: "sent" });
    expect((await mailsTo(busy)).length).toBe(before);
    expect((await mailsTo(busy.replace("@", "+again@"))).length).toBe(0);

    vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "2");
    resetSettings();
    try {
      const sameClient = (body: unknown) => call(privacyRequest, httpEvent({ method: "POST", body, sourceIp: "10.93.0.1" }));
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await sameClient({ email: `limited-${i}-${run}@example.com` })).statusCode);
      expect(answers).toEqual([202, 202, 429]);
    } finally {
      vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
      resetSettings();
    }
  });

  it("refuses a missing or malformed address with the page's message, writing nothing", async () => {
    const before = withoutRateWindows(await snapshot());
    expect(await post(privacyRequest, {})).toMatchObject({ statusCode: 400, body: { error: "Please enter your email address." } });
    expect(await post(privacyRequest, { email: "not-an-address" })).toMatchObject({ statusCode: 400, body: { error: "Please enter a valid email address." } });
    const changes = diff(before, withoutRateWindows(await snapshot()));
    expect(changes, describeChanges(changes)).toEqual([]);
  });

  it("an expired link changes nothing", async () => {
    const token = await linkFor(first);
    const before = withoutRateWindows(await snapshot());
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + DELETION_LINK_SECONDS * 1000 + 1000 });
    for (const handler of [privacyRecords, privacyExport, privacyErase]) {
      const res = await post(handler, { token });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ error: "This link is invalid, has expired or has already been used. Please request a new one." });
    }
    vi.useRealTimers();
    await bus.idle();
    const changes = diff(before, withoutRateWindows(await snapshot()));
    expect(changes, describeChanges(changes)).toEqual([]);
  });

  it("shows and downloads every record of the first address, then erases them all and nothing of the second", async () => {
    const [countA, countB] = [await Petition.count(petitions[0], true), await Petition.count(petitions[1], true)];
    expect(tableText(await snapshot())).toContain(first.toLowerCase());
    expect(await sheetsText()).toContain(first.toLowerCase());
    expect(await evidenceOf(reports.first)).toHaveLength(2);

    const token = await linkFor(first);
    const seen = await post(privacyRecords, { token });
    expect(seen.statusCode, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({ email: first.toLowerCase(), counts: { signature: 2, report: 1, lead: 4, newsletter: 1 } });
    expect((seen.body as { records: unknown[] }).records).toHaveLength(8);

    const download = await post(privacyExport, { token });
    expect(download.statusCode).toBe(200);
    const records = (download.body as { records: { kind: string; email?: string; reporter?: { email: string } }[] }).records;
    expect(records.map((r) => r.kind).sort()).toEqual(["lead", "lead", "lead", "lead", "newsletter", "report", "signature", "signature"]);
    expect(JSON.stringify(records).toLowerCase()).not.toContain(second.toLowerCase());
    expect(JSON.stringify(records)).not.toContain("gsi3pk");
    const { requestId } = await openLink(token);
    expect((await readRequest(requestId))?.downloads).toBe(1);

    const [requestsBefore, subscribersBefore] = [await PrivacyListing.counts(), await SubscriberListing.counts()];
    const erased = await post(privacyErase, { token });
    expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body).toEqual({ erased: { signature: 2, report: 1, lead: 4, newsletter: 1, scamAlertCorrection: 0 } });
    await bus.idle();
    // the count cards follow: the request went from pending to completed, the subscriber is gone
    const { pending, completed } = requestsBefore.byStatus;
    expect(await PrivacyListing.counts()).toEqual({
      ...requestsBefore,
      byStatus: { ...requestsBefore.byStatus, pending: pending - 1, completed: completed + 1 },
    });
    expect((await SubscriberListing.counts()).total).toBe(subscribersBefore.total - 1);

    const after = await snapshot();
    expect(tableText(after)).not.toContain(first.toLowerCase());
    expect(tableText(after)).toContain(second.toLowerCase());
    expect(await recordsOf(first)).toEqual([]);
    expect(
      (await recordsOf(second))
        .filter((r) => r.kind !== "newsletterToken")
        .map((r) => r.kind)
        .sort(),
    ).toEqual(["lead", "lead", "lead", "lead", "newsletter", "report", "signature", "signature"]);
    expect(await evidenceOf(reports.first)).toEqual([]);
    expect(await evidenceOf(reports.second)).toHaveLength(2);
    const sheets = await sheetsText();
    expect(sheets).not.toContain(first.toLowerCase());
    expect(sheets).toContain(second.toLowerCase());
    expect([await Petition.count(petitions[0], true), await Petition.count(petitions[1], true)]).toEqual([countA - 1, countB - 1]);

    const notices = (await mailsTo(first)).filter((m) => m.subject === "Your data has been erased");
    expect(notices).toHaveLength(1);
    const notice = notices[0];
    for (const line of ["2 petition signatures", "1 scam report (with its evidence files)", "4 free-guide requests", "1 newsletter subscription"])
      expect(notice.text).toContain(line);

    usedToken = token;
    const audit = (await Audit.list(50)).find((e) => e.action === "privacy.erased");
    // the person is named by the audit trail's keyed hash, never the address or its plain hash
    expect(audit).toMatchObject({ target: expect.stringContaining(auditedPerson(first)), rows: 8 });
    expect(audit!.target).not.toContain(personHash(first));
    expect(JSON.stringify(audit).toLowerCase()).not.toContain(first.toLowerCase());
  });

  it("a used link changes nothing", async () => {
    expect(usedToken).toBeDefined();
    const before = withoutRateWindows(await snapshot());
    for (const handler of [privacyErase, privacyRecords, privacyExport]) expect((await post(handler, { token: usedToken })).statusCode).toBe(400);
    await bus.idle();
    const changes = diff(before, withoutRateWindows(await snapshot()));
    expect(changes, describeChanges(changes)).toEqual([]);
  });

  it("an erasure cut short after its confirmation is finished by the privacy-erasure subscriber, once", async () => {
    const third = `cut-short-${run}@example.com`;
    const petitionId = petitions[0];
    const count = await Petition.count(petitionId, true);
    expect((await post(sign, signer(`${run}c`, { email: third }), { id: petitionId })).statusCode).toBe(201);
    await bus.idle();
    const token = await linkFor(third);
    const { requestId } = await openLink(token);
    // what the confirm transaction leaves when the process dies before erasing: the request confirmed, with the address
    const pending = (await readRequest(requestId))!;
    await db().send(
      new TransactWriteCommand({
        TransactItems: requestWrites({ ...pending, status: "confirmed", confirmedAt: new Date().toISOString(), email: third }, whileStatus("pending")),
      }),
    );

    await Bus.publish(Privacy.Events.ErasureConfirmed, { requestId });
    await bus.idle();
    expect(await recordsOf(third)).toEqual([]);
    expect(await Petition.count(petitionId, true)).toBe(count);
    const done = (await readRequest(requestId))!;
    expect(done).toMatchObject({ status: "completed", erased: { signature: 1, report: 0, lead: 0, newsletter: 0 } });
    expect(done.email).toBeUndefined();

    await Bus.publish(Privacy.Events.ErasureConfirmed, { requestId });
    await bus.idle();
    expect((await mailsTo(third)).filter((m) => m.subject === "Your data has been erased")).toHaveLength(1);
  });

  it("erases an unconfirmed subscriber past its TTL that DynamoDB has not deleted yet", async () => {
    const lapsed = `lapsed-${run}@example.com`;
    const asked = await post(leadCreate, { fullName: "Lee Lapsed", email: lapsed, newsletterConsent: true, client }, { form: "checklist" });
    expect(asked.statusCode).toBe(201);
    await bus.idle();
    // a month and a day on: the subscriber is past its TTL, but its item is still stored
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (UNCONFIRMED_SUBSCRIBER_DAYS + 1) * 24 * 3600 * 1000 });
    expect(await Newsletter.find(lapsed)).toBeUndefined();
    expect((await recordsOf(lapsed)).map((r) => r.kind).sort()).toEqual(["lead", "newsletter", "newsletterToken"]);
    const token = await linkFor(lapsed);
    const erased = await post(privacyErase, { token });
    expect(erased.body).toEqual({ erased: { signature: 0, report: 0, lead: 1, newsletter: 1, scamAlertCorrection: 0 } });
    vi.useRealTimers();
    await bus.idle();
    expect(await recordsOf(lapsed)).toEqual([]);
    expect(tableText(await snapshot())).not.toContain(lapsed);
  });

  it("keeps the count cards equal to a count of the request rows, through every flow above", async () => {
    const kept = await PrivacyListing.counts();
    expect(kept.total).toBeGreaterThan(5);
    expect(kept.byStatus.completed).toBeGreaterThanOrEqual(3);
    await recountRequests();
    expect(await PrivacyListing.counts()).toEqual(kept);
  });
});
