/**
 * Scam reports over HTTP through the local server: evidence
 * uploaded with the presigned POST the API hands out, the report written in one transaction, the
 * spec's messages, the rate limits and captcha, and the effects of `report.created`.
 *
 * Every test speaks from its own loopback address (127.0.3.x), which the local server reports as
 * the viewer's IP, so each has its own rate-limit windows.
 */
import { personPartition } from "@site/core/db/person-index";
import { readFile } from "node:fs/promises";
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Bus } from "@site/core/bus";
import { resetSettings, settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Evidence, type PresignedUpload } from "@site/core/evidence";
import { s3 } from "@site/core/evidence/s3";
import { Mail } from "@site/core/mail";
import { listOutbox } from "@site/core/mail/outbox";
import { Report } from "@site/core/report";
import { todayInNewYork } from "@site/core/report/date";
import { fromHeaders } from "@site/core/request/metadata";
import { evidenceOrigin } from "@site/core/request/security-headers";
import { fileFor } from "@site/core/sheets/local";
import { REPORTS_TAB } from "@site/core/report/sheet";
import { metaDetails } from "@site/core/request/meta-details";
import { handler as notifyAdmin } from "../../packages/functions/src/events/report-notify-admin";
import { handler as confirmation } from "../../packages/functions/src/events/report-confirmation";
import { handler as newsletter } from "../../packages/functions/src/events/report-newsletter";
import { installLocalBus } from "../../scripts/local/bus";
import { rawRequest, startLocalApi, loopbackVisitors, type Client } from "../support/local-api";
import { inOneRateWindow } from "../support/rate-window";
import { fullReport, minimalReport, PDF, PNG, postToBucket } from "../support/reports";
import { captchaOnEchoingActions } from "../support/captcha";
import { describeChanges, diff, snapshot, useOwnTable } from "../support/table-snapshot";

const BUCKET = `reports-test-${crypto.randomUUID().slice(0, 8)}`;
const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1";
const TOO_MANY = { error: "Too many attempts. Please wait a minute and try again." };
const REFERENCE = /^TSR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

const bus = installLocalBus();
let api: Awaited<ReturnType<typeof startLocalApi>>;

beforeAll(async () => {
  await useOwnTable("reports");
  process.env.BUCKET_NAME = BUCKET;
  resetSettings();
  Evidence.resetS3();
  await s3().send(new CreateBucketCommand({ Bucket: BUCKET }));
  api = await startLocalApi();
});

afterAll(async () => {
  await api?.close();
  await bus.idle();
});

/** A visitor at their own address: the socket binds to 127.0.3.x. */
const visitor = loopbackVisitors(3);

async function post(client: Client, path: string, body: unknown) {
  const res = await rawRequest(
    api.port,
    { method: "POST", path, headers: { "content-type": "application/json", "user-agent": UA }, body: JSON.stringify(body) },
    client.agent,
  );
  return { status: res.status, headers: res.headers, body: JSON.parse(res.body) };
}

/** Asks for a presigned POST and sends the file to the bucket with it, as the wizard does. */
async function upload(client: Client, purpose: "contactEmail" | "details", fileName: string, bytes: Uint8Array) {
  const res = await post(client, "/api/reports/uploads", { purpose, fileName, size: bytes.length });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sent = await postToBucket(res.body as PresignedUpload, bytes, fileName);
  expect(sent.status, await sent.text()).toBe(204);
  return { uploadId: (res.body as PresignedUpload).uploadId, fileName };
}

async function exists(key: string) {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    return true;
  } catch (err) {
    if ((err as Error).name === "NotFound") return false;
    throw err;
  }
}
const keysUnder = async (prefix: string) => ((await s3().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

/** The table once every event delivered so far has had its effects (which write too). */
const settled = async () => {
  await bus.idle();
  return snapshot();
};
const storedItem = async (key: Record<string, string>) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
const mailTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address));
const adminMailAbout = async (reference: string) => (await mailTo("admins@example.org")).filter((m) => m.subject.includes(reference));

describe("POST /api/reports/uploads", () => {
  it("answers a presigned POST to the private bucket, whose origin the site's CSP lets the browser reach", async () => {
    const res = await post(visitor(), "/api/reports/uploads", { purpose: "details", fileName: "contract.pdf", size: PDF.length });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uploadId: expect.stringMatching(/^[0-9a-z]{21}$/),
      url: expect.any(String),
      fields: expect.any(Object),
      maxBytes: 10 * 1024 * 1024,
    });
    expect(res.body.fields).toMatchObject({ key: `uploads/${res.body.uploadId}`, "Content-Type": "application/pdf" });
    const origin = new URL(res.body.url).origin;
    expect(origin).toBe(evidenceOrigin(BUCKET, settings().AWS_REGION, settings().S3_ENDPOINT));
    const connect = /connect-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))![1].split(" ");
    expect(connect).toContain(origin);
  });

  it("refuses a file over 10 MB or of a type the upload point does not take, with the message, writing nothing", async () => {
    const before = await settled();
    const client = visitor();
    const big = await post(client, "/api/reports/uploads", { purpose: "details", fileName: "big.pdf", size: 11 * 1024 * 1024 });
    expect(big).toMatchObject({ status: 400, body: { error: "The file is larger than 10 MB.", fields: { size: "The file is larger than 10 MB." } } });
    const photo = await post(client, "/api/reports/uploads", { purpose: "contactEmail", fileName: "photo.png", size: 100 });
    expect(photo).toMatchObject({ status: 400, body: { fields: { fileName: "Please choose a .pdf, .doc, .docx, .txt or .eml file." } } });
    const changes = diff(before, await settled());
    expect(changes, describeChanges(changes)).toEqual([]);
  });

  it("limits each client to UPLOAD_RATE_LIMIT_PER_MINUTE presigned uploads a minute (429), others unaffected", async () => {
    const limit = settings().UPLOAD_RATE_LIMIT_PER_MINUTE;
    expect(limit).toBe(20);
    const ask = (c: Client) => post(c, "/api/reports/uploads", { purpose: "details", fileName: "a.png", size: 10 });
    await inOneRateWindow(async () => {
      const client = visitor();
      for (let i = 0; i < limit; i++) expect((await ask(client)).status).toBe(200);
      expect(await ask(client)).toMatchObject({ status: 429, body: TOO_MANY });
      expect((await ask(visitor())).status).toBe(200);
    });
  });
});

describe("POST /api/reports", () => {
  it("stores a full report with a real PDF and PNG uploaded through the presigned POST, under a reference number", async () => {
    const client = visitor();
    const pdf = await upload(client, "contactEmail", "Scam e-mail.pdf", PDF);
    const png = await upload(client, "details", "screenshot.png", PNG);
    const body = fullReport("full", { contactEmail: pdf, details: png });
    const res = await post(client, "/api/reports", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ reportId: expect.stringMatching(/^[0-9a-z]{21}$/), reference: expect.stringMatching(REFERENCE) });
    const { reportId: id, reference } = res.body;

    // The item: what is looked up or updated as attributes, the rest one JSON attribute.
    const item = await storedItem(Keys.report(id));
    expect(item).toEqual({
      pk: `REPORT#${id}`,
      sk: "REPORT",
      gsi1pk: "REPORTS",
      gsi1sk: `${item!.createdAt}#${id}`,
      // the privacy index: the person by a hash of their e-mail, this record by kind and key
      gsi3pk: personPartition(item!.emailNormalized as string),
      gsi3sk: `report#REPORT#${id}#REPORT`,
      type: "report",
      id,
      reference,
      status: "new",
      createdAt: expect.any(String),
      emailNormalized: body.reporter.email.toLowerCase(),
      body: expect.any(String),
      // the scammer's identifiers, each with its index item (report/identifier-items.ts)
      identifierKeys: new Set([
        "company#resale and pros",
        "person#john smith",
        "phone#+15559876543",
        "domain#resale.example",
        "phone#+445551234567",
        "profile#facebook:resale pros",
      ]),
    });
    expect(Report.reportOfItem(item!)).toEqual({
      id,
      reference,
      status: "new",
      reporter: body.reporter,
      scamTypes: body.scamTypes,
      contactMethods: body.contactMethods,
      moneyLost: true,
      amountLost: 1500,
      dateOccurred: "2025-03-07",
      scammer: { ...body.scammer, website: "https://resale.example/" },
      evidence: [
        { purpose: "contactEmail", key: `reports/${id}/${pdf.uploadId}.pdf`, fileName: "Scam e-mail.pdf", size: PDF.length, contentType: "application/pdf" },
        { purpose: "details", key: `reports/${id}/${png.uploadId}.png`, fileName: "screenshot.png", size: PNG.length, contentType: "image/png" },
      ],
      reportedElsewhere: true,
      reportedTo: "Florida Attorney General",
      wantUpdates: true,
      publishConsent: false,
      meta: {
        browser: expect.stringMatching(/^Safari/),
        deviceType: "Mobile",
        screenResolution: "1920x1080",
        userAgent: UA,
        timezone: "America/New_York",
        language: "en-US",
        ipAddress: client.ip,
        city: "Unknown",
        region: "Unknown",
        country: "Unknown",
        latitude: "Unknown",
        longitude: "Unknown",
      },
      createdDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      createdTime: expect.stringMatching(/^\d{2}:\d{2}:\d{2}$/),
      createdAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(item!.createdAt)).toBeLessThan(60_000);

    expect(await keysUnder(`reports/${id}/`)).toEqual([`reports/${id}/${pdf.uploadId}.pdf`, `reports/${id}/${png.uploadId}.png`].sort());
    expect(await exists(`uploads/${pdf.uploadId}`)).toBe(false);
    expect(await exists(`uploads/${png.uploadId}`)).toBe(false);
    expect(await storedItem(Keys.reportRef(reference))).toEqual({ ...Keys.reportRef(reference), type: "reportRef", reportId: id });
    expect((await Report.fromReference(reference.toLowerCase().replace(/-/g, " "))).id).toBe(id);
  });

  it("refuses a .pdf that is not a PDF with the message, deleting both uploads and writing nothing", async () => {
    const client = visitor();
    const fake = await upload(client, "contactEmail", "statement.pdf", Buffer.from("MZ\x90\x00 this is a renamed program"));
    const png = await upload(client, "details", "photo.png", PNG);
    const before = await settled();
    const res = await post(client, "/api/reports", fullReport("fake-pdf", { contactEmail: fake, details: png }));
    const message = "The file statement.pdf does not look like a PDF file.";
    expect(res).toMatchObject({ status: 400, body: { error: message, fields: { "evidence.contactEmail": message } } });
    const changes = diff(before, await settled());
    expect(changes, describeChanges(changes)).toEqual([]);
    expect(await exists(`uploads/${fake.uploadId}`)).toBe(false);
    expect(await exists(`uploads/${png.uploadId}`)).toBe(false);
    expect((await keysUnder("reports/")).filter((k) => k!.includes(fake.uploadId) || k!.includes(png.uploadId))).toEqual([]);
  });

  it("refuses an upload that never reached the bucket", async () => {
    const client = visitor();
    const res = await post(client, "/api/reports/uploads", { purpose: "details", fileName: "never.png", size: 10 });
    const body = minimalReport("missing", { evidence: { details: { uploadId: res.body.uploadId, fileName: "never.png" } } });
    const message = "The evidence file was not received. Please choose it again.";
    expect(await post(client, "/api/reports", body)).toMatchObject({ status: 400, body: { error: message, fields: { "evidence.details": message } } });
  });

  it.each([
    ["no name", { fullName: undefined }, "reporter.fullName", "Name, city, and state are required fields."],
    ["a blank name", { fullName: "   " }, "reporter.fullName", "Name, city, and state are required fields."],
    ["no city", { city: undefined }, "reporter.city", "Name, city, and state are required fields."],
    ["no state", { state: "" }, "reporter.state", "Name, city, and state are required fields."],
    ["a bad e-mail", { email: "ana@example" }, "reporter.email", "Please enter a valid email address."],
    ["an e-mail with a space", { email: "ana lima@example.com" }, "reporter.email", "Please enter a valid email address."],
    ["no e-mail", { email: undefined }, "reporter.email", "Name and email are required fields"],
  ])("answers %s with the spec's message (400), writing nothing", async (_, change, field, message) => {
    const body = minimalReport("messages");
    const reporter = Object.fromEntries(Object.entries({ ...body.reporter, ...change }).filter(([, v]) => v !== undefined));
    const before = await settled();
    const res = await post(visitor(), "/api/reports", { ...body, reporter });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields[field]).toBe(message);
    expect(diff(before, await settled())).toEqual([]);
  });

  it("applies the spec's on-submit rules: amount floored at 0, missing date → today (New York), invalid website → null", async () => {
    const client = visitor();
    const body = minimalReport("on-submit", {
      moneyLost: true,
      amountLost: -250,
      dateOccurred: undefined,
      scammer: { company: "Resale Pros LLC", website: "not a website" },
    });
    const res = await post(client, "/api/reports", body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const item = Report.reportOfItem((await storedItem(Keys.report(res.body.reportId)))!);
    expect(item).toMatchObject({
      moneyLost: true,
      amountLost: 0,
      dateOccurred: todayInNewYork(),
      scammer: { company: "Resale Pros LLC", website: null },
      evidence: [],
    });
    expect(item!.reporter).toEqual({ ...body.reporter, speakWithTeam: false, shareAnonymously: false });
    expect(item).not.toHaveProperty("reportedTo");
  });

  it("limits each client to REPORT_RATE_LIMIT_PER_MINUTE reports a minute (429), storing none over the limit", async () => {
    const limit = settings().REPORT_RATE_LIMIT_PER_MINUTE;
    expect(limit).toBe(5);
    await inOneRateWindow(async () => {
      const client = visitor();
      for (let i = 0; i < limit; i++) expect((await post(client, "/api/reports", minimalReport(`rate-${i}`))).status).toBe(201);
      const before = await settled();
      expect(await post(client, "/api/reports", minimalReport("rate-over"))).toMatchObject({ status: 429, body: TOO_MANY });
      const changes = diff(before, await settled());
      expect(changes, describeChanges(changes)).toEqual([]);
      expect((await post(visitor(), "/api/reports", minimalReport("rate-other"))).status).toBe(201);
    });
  });

  describe("with captcha on", () => {
    captchaOnEchoingActions();

    it("takes a token for the action report_scam and refuses one for another action or none", async () => {
      // the stand-in verifier says the token was made for the action named by the token itself
      const client = visitor();
      expect((await post(client, "/api/reports", minimalReport("captcha", { captchaToken: "report_scam" }))).status).toBe(201);
      const before = await settled();
      for (const captchaToken of ["sign_petition", undefined]) {
        expect(await post(client, "/api/reports", minimalReport("captcha", { captchaToken }))).toMatchObject({
          status: 400,
          body: { error: "Security verification failed. Please try again." },
        });
      }
      expect(diff(before, await settled())).toEqual([]);
    });
  });
});

describe("after a report", () => {
  it("e-mails the administrators template 8's fields with the reference, scam types, amount and a link to the report", async () => {
    const client = visitor();
    const body = fullReport("admin-mail");
    const { reportId, reference } = (await post(client, "/api/reports", body)).body;
    await bus.idle();
    const [mail] = await adminMailAbout(reference);
    expect(mail.subject).toBe(`New scam report ${reference}`);
    for (const line of [
      `Reference: ${reference}`,
      "Scam types: Fake Resale Offer, Upfront Fees, High-Pressure Sales, Refund or Exit Scam, Other",
      "Money lost: Yes",
      "Amount lost: $1,500.00",
      "Reporter name: Dana O'Reilly",
      `Reporter email: ${body.reporter.email}`,
      "Reporter city: Orlando",
      "Reporter state: FL",
      "Age range: 61+",
      "Willing to speak with the team: Yes",
      "Story may be shared anonymously: No",
      "Browser: Safari 17",
      "Device type: Mobile",
      "Screen resolution: 1920x1080",
      `User agent: ${UA}`,
      "Timezone: America/New_York",
      `Review it: ${api.base}/admin/scam-reports?report=${reportId}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    // no IP address, and no place derived from it: the console has them (N9)
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain(client.ip);
      expect(part).not.toMatch(/IP address|from IP/);
    }
    expect(mail.html).toContain("Dana O&#39;Reilly");
    expect(mail.html).not.toContain("Dana O'Reilly");
  });

  it("defaults what is missing to 'Not provided' in the administrators' e-mail", async () => {
    const { reference } = (await post(visitor(), "/api/reports", minimalReport("defaults"))).body;
    await bus.idle();
    const [mail] = await adminMailAbout(reference);
    expect(mail.text).toContain("Age range: Not provided");
    expect(mail.text).toContain("Amount lost: N/A");
  });

  it("confirms to the reporter (template 7, escaped) only when they asked for updates, and subscribes them to the newsletter", async () => {
    const wants = fullReport("confirm");
    const { reportId, reference } = (await post(visitor(), "/api/reports", wants)).body;
    const quiet = minimalReport("quiet", { wantUpdates: false });
    const other = (await post(visitor(), "/api/reports", quiet)).body;
    await bus.idle();

    const mail = (await mailTo(wants.reporter.email)).find((m) => m.subject.startsWith("Your scam report"))!;
    expect(mail.subject).toBe(`Your scam report ${reference}`);
    for (const line of [
      "Dear Dana O'Reilly,",
      `Reference number: ${reference}`,
      "Date it occurred: 03/07/2025",
      "Money lost: Yes",
      "Amount lost: $1,500.00",
      "What happens next:",
    ]) {
      expect(mail.text).toContain(line);
    }
    const report = await Report.fromID(reportId);
    expect(mail.text).toContain(`Date reported (EST): ${report.createdDate}`);
    expect(mail.html).toContain("Dear Dana O&#39;Reilly,");
    // only what the site wrote and the reporter's own name: never the company they typed
    expect(mail.text).not.toContain("Resale");
    expect(mail.html).not.toContain("Resale");
    expect(await mailTo(quiet.reporter.email)).toEqual([]);
    expect(await adminMailAbout(other.reference)).toHaveLength(1);

    const subscription = await storedItem(Keys.newsletter(wants.reporter.email.toLowerCase()));
    expect(subscription).toMatchObject({
      email: wants.reporter.email.toLowerCase(),
      name: "Dana O'Reilly",
      source: "scam-report",
      consentAt: report.createdAt,
    });
    expect(await storedItem(Keys.newsletter(quiet.reporter.email.toLowerCase()))).toBeUndefined();
  });

  it("says N/A when the reporter lost no money, and names no company", async () => {
    const body = minimalReport("no-company", { wantUpdates: true, scammer: { name: "John Smith" } });
    await post(visitor(), "/api/reports", body);
    await bus.idle();
    const mail = (await mailTo(body.reporter.email)).find((m) => m.subject.startsWith("Your scam report"))!;
    expect(mail.text).not.toContain("Company");
    expect(mail.text).toContain("Money lost: No");
    expect(mail.text).toContain("Amount lost: N/A");
  });

  it("keeps the 'Scam Reports' tab current, newest first", async () => {
    const first = (await post(visitor(), "/api/reports", minimalReport("sheet-1"))).body;
    const second = (await post(visitor(), "/api/reports", fullReport("sheet-2"))).body;
    await bus.idle();
    const csv = await readFile(fileFor(settings().SHEETS_DIR, REPORTS_TAB), "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^"Reference","Status","Submission Date"/);
    const at = (reference: string) => lines.findIndex((l) => l.startsWith(`"${reference}"`));
    expect(at(second.reference)).toBeGreaterThan(0);
    expect(at(second.reference)).toBeLessThan(at(first.reference));
    expect(lines[at(second.reference)]).toContain("Fake Resale Offer (Claimed Sale Amount: $25,000.00)");
    expect(lines[at(second.reference)]).toContain("Phone (Country Code: +44, Phone Number: (555) 123-4567)");
  });

  it("has each effect once when the same event is delivered twice", async () => {
    const body = fullReport("twice");
    const { reportId, reference } = (await post(visitor(), "/api/reports", body)).body;
    await bus.idle();
    const subscribed = await storedItem(Keys.newsletter(body.reporter.email.toLowerCase()));
    const envelope = Bus.envelope(Report.Events.Created.type, { reportId });
    for (const handler of [notifyAdmin, confirmation, newsletter, notifyAdmin, confirmation, newsletter]) await handler(envelope);
    // one from the original delivery, one for the re-delivered envelope (a new event id), none for the duplicate
    expect(await adminMailAbout(reference)).toHaveLength(2);
    expect(await mailTo(body.reporter.email)).toHaveLength(2);
    expect(await storedItem(Keys.newsletter(body.reporter.email.toLowerCase()))).toEqual(subscribed);
  });

  it("keeps the report and answers 201 when sending mail fails, and retries until it works", async () => {
    const body = fullReport("flaky");
    let failures = 0;
    const original = Mail.send;
    const spy = vi.spyOn(Mail, "send").mockImplementation(async (m) => {
      if (m.to.includes(body.reporter.email) && failures < 2) {
        failures++;
        throw new Error("SES is down");
      }
      return original(m);
    });
    try {
      expect((await post(visitor(), "/api/reports", body)).status).toBe(201);
      await bus.idle();
      expect(failures).toBe(2);
      expect(await mailTo(body.reporter.email)).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("announces nothing for a report deleted before its event arrives", async () => {
    const id = (
      await Report.create({
        submission: Report.ReportInput.parse(minimalReport("gone")),
        client: "198.51.100.99",
        meta: metaDetails(fromHeaders({ "user-agent": UA }, "198.51.100.99")),
      })
    ).report.id;
    await Report.remove(id);
    const before = (await listOutbox(settings().OUTBOX_DIR)).length;
    const envelope = Bus.envelope(Report.Events.Created.type, { reportId: id });
    await notifyAdmin(envelope);
    await confirmation(envelope);
    expect((await listOutbox(settings().OUTBOX_DIR)).length).toBe(before);
  });
});

describe("Report.remove", () => {
  it("deletes the report, its reference and its evidence, and can be repeated", async () => {
    const client = visitor();
    const png = await upload(client, "details", "proof.png", PNG);
    const { reportId, reference } = (await post(client, "/api/reports", minimalReport("remove", { evidence: { details: png } }))).body;
    expect(await keysUnder(`reports/${reportId}/`)).toHaveLength(1);
    expect(await Report.remove(reportId)).toBe(true);
    expect(await storedItem(Keys.report(reportId))).toBeUndefined();
    expect(await storedItem(Keys.reportRef(reference))).toBeUndefined();
    expect(await keysUnder(`reports/${reportId}/`)).toEqual([]);
    expect(await Report.remove(reportId)).toBe(false);
    await expect(Report.fromID(reportId)).rejects.toMatchObject({ status: 404, message: "Report not found" });
    await expect(Report.fromReference(reference)).rejects.toMatchObject({ status: 404 });
  });

  it("deletes the evidence before the report's records: a failure in between leaves the report to delete again", async () => {
    const client = visitor();
    const png = await upload(client, "details", "proof.png", PNG);
    const { reportId } = (await post(client, "/api/reports", minimalReport("remove-retry", { evidence: { details: png } }))).body;
    const spy = vi.spyOn(Evidence, "deleteReportEvidence").mockRejectedValueOnce(new Error("S3 is down"));
    try {
      await expect(Report.remove(reportId)).rejects.toThrow("S3 is down");
    } finally {
      spy.mockRestore();
    }
    expect(await storedItem(Keys.report(reportId))).toBeDefined();
    expect(await keysUnder(`reports/${reportId}/`)).toHaveLength(1);
    expect(await Report.remove(reportId)).toBe(true);
    expect(await storedItem(Keys.report(reportId))).toBeUndefined();
    expect(await keysUnder(`reports/${reportId}/`)).toEqual([]);
  });
});
