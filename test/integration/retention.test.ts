/**
 * The retention job (acceptance: "a test moves the clock past 2 years and runs the
 * retention job with the same checks"). Through the real handlers, three people leave records:
 *
 * - `old`: 2 years and a day ago, signatures on two petitions (with newsletter consent, never
 *   confirmed), a scam report with an evidence file, a submission of each of the four guide forms;
 * - `kept`: 2 years and a day ago too, a signature whose newsletter subscription was confirmed;
 * - `recent`: today, the same records as `old`.
 *
 * One run deletes the old submissions and report with their index rows and evidence, anonymises the
 * old signatures (counts unchanged), removes the expired unconfirmed subscriber, keeps the confirmed
 * one and everything recent, audits its counts and rewrites the spreadsheet tabs; afterwards nothing
 * in the table, the bucket or the spreadsheet files holds the old address. A second run changes
 * nothing but its own audit entry.
 */
import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { CreateBucketCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Evidence, type PresignedUpload } from "@site/core/evidence";
import { s3 } from "@site/core/evidence/s3";
import { LEAD_FORMS, LEAD_FORM_INFO } from "@site/core/lead/forms";
import { count as leadCount } from "@site/core/lead/listing";
import { listOutbox } from "@site/core/mail/outbox";
import { MailDrain } from "@site/core/mail-drain";
import { confirmNewsletter, newsletterTokenIn } from "../support/newsletter-links";
import { Newsletter } from "@site/core/newsletter";
import { Petition } from "@site/core/petition";
import { recordsOf } from "@site/core/db/person-index";
import { SIGNATURE_RETENTION_YEARS, SUBMISSION_RETENTION_YEARS } from "@site/core/policy/retention";
import { runRetention, type RetentionResult } from "@site/core/privacy/retention-job";
import { ANONYMISED_NAME } from "@site/core/signature/retention";
import { count as reportCount } from "@site/core/report/listing";
import { fileFor } from "@site/core/sheets/local";
import { REPORTS_TAB } from "@site/core/report/sheet";
import { signatureCells } from "@site/core/signature/record";
import { SIGNATURES_TAB } from "@site/core/signature/sheet";
import { searchShard } from "@site/core/collection/name-index";
import { decodeRow, indexKey, layout } from "@site/core/signature/index-item";
import { SignatureListing } from "@site/core/signature/listing";
import { sortableIdFloor } from "@site/core/util/id";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as reportCreate } from "../../packages/functions/src/http/report-create";
import { handler as reportUpload } from "../../packages/functions/src/http/report-upload";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { handler as listSignatures } from "../../packages/functions/src/http/admin-signature-list";
import { handler as exportSignatures } from "../../packages/functions/src/http/admin-signature-export";
import { handler as getSignature } from "../../packages/functions/src/http/admin-signature-get";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { nameOf, newPetition, signer } from "../support/fixtures";
import { call, httpEvent } from "../support/http";
import { minimalReport, PNG, postToBucket } from "../support/reports";
import { diff, describeChanges, snapshot, useOwnTable, type Item, type Snapshot } from "../support/table-snapshot";

const bus = installLocalBus();
const run = randomUUID().slice(0, 8);
const BUCKET = `retention-test-${run}`;
let ips = 0;
const ip = () => `10.92.${(ips >> 8) & 255}.${++ips & 255}`;

const OLD = `Old-Person-${run}@Example.com`;
const KEPT = `Kept-Subscriber-${run}@Example.com`;
const RECENT = `Recent-Person-${run}@Example.com`;
const DAY_MS = 24 * 3600 * 1000;

let admin: ReturnType<typeof asAdmin>;
let petitions: string[];

beforeAll(async () => {
  await useOwnTable("retention");
  process.env.BUCKET_NAME = BUCKET;
  resetSettings();
  Evidence.resetS3();
  await s3().send(new CreateBucketCommand({ Bucket: BUCKET }));
  admin = asAdmin((await adminClaims()).claims);
  petitions = [(await newPetition()).id, (await newPetition()).id];
});

afterAll(async () => {
  vi.useRealTimers();
  await bus.idle();
});

/** What one person's records are, as the handlers answered. */
interface Made {
  signatureIds: string[];
  reportId: string;
  evidenceKey: string;
  leadIds: string[];
}

async function signUp(petitionId: string, email: string, newsletterConsent: boolean): Promise<string> {
  const res = await call(
    sign,
    httpEvent({
      method: "POST",
      pathParameters: { id: petitionId },
      body: signer(run, { email, newsletterConsent, timeshareName: "Ocean Villas" }),
      sourceIp: ip(),
    }),
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  return res.body.signatureId as string;
}

/** Signatures on both petitions (newsletter consent), a report with an evidence file, a submission of every guide form (the first with newsletter consent). */
async function everything(email: string, evidenceUpload: { uploadId: string; fileName: string }): Promise<Made> {
  const signatureIds = [];
  for (const petitionId of petitions) signatureIds.push(await signUp(petitionId, email, true));
  const reported = await call(
    reportCreate,
    httpEvent({
      method: "POST",
      body: minimalReport(run, {
        reporter: { fullName: "Ana Lima", email, city: "Orlando", state: "FL" },
        evidence: { details: evidenceUpload },
        // a month before the report, whenever it is made
        dateOccurred: new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10),
      }),
      sourceIp: ip(),
    }),
  );
  expect(reported.statusCode, JSON.stringify(reported.body)).toBe(201);
  const leadIds = [];
  for (const form of LEAD_FORMS) {
    const asked = await call(
      leadCreate,
      httpEvent({
        method: "POST",
        pathParameters: { form },
        body: {
          fullName: "Ana Lima",
          email,
          // the unconfirmed subscriber: a guide form's consent (a signature's is an offer in its thank-you e-mail, nothing stored until taken)
          newsletterConsent: form === LEAD_FORMS[0],
          client: { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" },
        },
        sourceIp: ip(),
      }),
    );
    expect(asked.statusCode, JSON.stringify(asked.body)).toBe(201);
    leadIds.push(asked.body.id as string);
  }
  await bus.idle();
  const reportId = reported.body.reportId as string;
  return { signatureIds, reportId, evidenceKey: `reports/${reportId}/${evidenceUpload.uploadId}.png`, leadIds };
}

/** An evidence file uploaded through the presigned POST the API hands out (done at the real time: the bucket checks it). */
async function uploadEvidence() {
  const res = await call(
    reportUpload,
    httpEvent({ method: "POST", body: { purpose: "details", fileName: "screenshot.png", size: PNG.length }, sourceIp: ip() }),
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  const sent = await postToBucket(res.body as PresignedUpload, PNG, "screenshot.png");
  expect(sent.status, await sent.text()).toBe(204);
  return { uploadId: (res.body as PresignedUpload).uploadId, fileName: "screenshot.png" };
}

/** Runs `work` with the clock at `at` (only Date is faked; it keeps ticking from there). */
async function at<T>(when: Date, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(when);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
    // the S3 client corrected its clock offset for the faked time: a fresh one for the real time
    Evidence.resetS3();
  }
}

const tokenIn = newsletterTokenIn;

type SentMail = Awaited<ReturnType<typeof listOutbox>>[number];

/**
 * The e-mail `wanted` picks, once sent: the mail budget may defer a delivery past `bus.idle()` (a
 * rate's next slot), so the queue is drained again until it is in the outbox (at most ~10 s).
 */
async function sentSoon(wanted: (mail: SentMail) => boolean): Promise<SentMail | undefined> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const mail = (await listOutbox(settings().OUTBOX_DIR)).find(wanted);
    if (mail) return mail;
    await MailDrain.drain({ budgetMs: 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

const item = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
const objectsUnder = async (prefix: string) =>
  ((await s3().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key);
const holds = (value: unknown, email: string) => JSON.stringify(value).toLowerCase().includes(email.toLowerCase());
const itemsHolding = (snap: Snapshot, email: string): Item[] => [...snap.values()].filter((s) => holds(s.item, email)).map((s) => s.item);

async function sheetFiles(): Promise<Map<string, string>> {
  const dir = settings().SHEETS_DIR;
  const files = new Map<string, string>();
  for (const name of await readdir(dir)) files.set(name, await readFile(join(dir, name), "utf8"));
  return files;
}

async function counts() {
  return {
    petitions: await Promise.all(petitions.map((id) => Petition.count(id, true))),
    reports: await reportCount(),
    leads: await Promise.all(LEAD_FORMS.map((form) => leadCount(form))),
  };
}

describe("the retention job", () => {
  let old: Made;
  let recent: Made;
  let keptSignature: string;
  let before: Snapshot;
  let countsBefore: Awaited<ReturnType<typeof counts>>;
  let first: RetentionResult;

  beforeAll(async () => {
    const now = Date.now();
    const longAgo = new Date(now - 2 * 365 * DAY_MS - 2 * DAY_MS);
    expect(SUBMISSION_RETENTION_YEARS).toBe(2);
    expect(SIGNATURE_RETENTION_YEARS).toBe(2);

    const oldUpload = await uploadEvidence();
    const recentUpload = await uploadEvidence();
    old = await at(longAgo, () => everything(OLD, oldUpload));
    keptSignature = await at(longAgo, async () => {
      const id = await signUp(petitions[0], KEPT, true);
      await bus.idle();
      // the thank-you e-mail goes to the address as typed (a newsletter confirmation went to its normalised form)
      const mail = await sentSoon((m) => m.to.some((to) => to.toLowerCase() === KEPT.toLowerCase()) && Boolean(tokenIn(m.text)));
      // the signer's thank-you e-mail offers the newsletter they asked for: taking it confirms them at once
      expect(mail, "the thank-you e-mail's newsletter offer").toBeDefined();
      expect(await confirmNewsletter(tokenIn(mail!.text)!)).toBe("confirmed");
      await bus.idle();
      return id;
    });
    recent = await everything(RECENT, recentUpload);

    // what was made long ago carries ids and times of then
    expect(old.signatureIds.every((id) => parseInt(id.slice(0, 9), 36) < now - 2 * 365 * DAY_MS)).toBe(true);
    expect((await Newsletter.find(KEPT))?.status).toBe("confirmed");
    expect((await item(Keys.newsletter(OLD.toLowerCase())))?.status).toBe("unconfirmed");
    expect(await objectsUnder(`reports/${old.reportId}/`)).toEqual([old.evidenceKey]);
    const files = await sheetFiles();
    expect(holds([...files.values()], OLD), "the old rows were synced to the sheets").toBe(true);

    countsBefore = await counts();
    expect(countsBefore).toEqual({ petitions: [3, 2], reports: 2, leads: [2, 2, 2, 2] });
    before = await snapshot();
    first = await runRetention(new Date());
  });

  it("answers and audits exact counts", async () => {
    expect(first).toMatchObject({
      leadsDeleted: 4,
      leadsByForm: Object.fromEntries(LEAD_FORMS.map((f) => [f, 1])),
      reportsDeleted: 1,
      evidenceFilesDeleted: 1,
      signaturesAnonymised: 3,
      subscribersRemoved: 1,
      confirmationTokensDeleted: 1,
      complete: true,
    });
    expect(first.sheets).toEqual({
      synced: expect.arrayContaining(["signatures", "reports", ...LEAD_FORMS.map((f) => `leads:${f}`)]),
      failed: [],
    });
    const entry = await item(Keys.audit(first.audit.id));
    expect(entry).toMatchObject({ action: "privacy.retention_ran", actor: "retention job", rows: 4 + 1 + 3 + 1 + 1, status: "completed" });
    expect(entry!.target).toContain("deleted 4 guide submission(s) and 1 scam report(s) (1 evidence file(s))");
    expect(entry!.target).toContain("anonymised 3 signature(s)");
    expect(entry!.target).toContain("removed 1 expired unconfirmed subscriber(s)");
    expect(holds(entry, OLD)).toBe(false);
  });

  it("deletes the old submissions and report with their index rows and evidence; counts stay exact", async () => {
    for (const id of old.leadIds) expect(await item(Keys.lead(id))).toBeUndefined();
    expect(await item(Keys.report(old.reportId))).toBeUndefined();
    expect(await objectsUnder(`reports/${old.reportId}/`)).toEqual([]);
    expect(await objectsUnder(`reports/${recent.reportId}/`)).toEqual([recent.evidenceKey]);
    // petition counts unchanged (anonymised, not deleted); one report and one submission per form fewer
    expect(await counts()).toEqual({ petitions: [3, 2], reports: 1, leads: [1, 1, 1, 1] });
    const after = await snapshot();
    const gone = diff(before, after).filter((c) => c.change === "removed");
    expect(gone.filter((c) => c.kind === "leadIndex")).toHaveLength(4);
    expect(gone.filter((c) => c.kind === "reportIndex")).toHaveLength(1);
    expect(
      gone
        .filter((c) => c.kind === "report" || c.kind === "lead")
        .map((c) => c.item.id)
        .sort(),
    ).toEqual([old.reportId, ...old.leadIds].sort());
  });

  it("anonymises the old signatures: no name, e-mail, metadata or person index; guard gone; index row anonymised", async () => {
    const anonymised = [...old.signatureIds.map((id, i) => [petitions[i], id]), [petitions[0], keptSignature]];
    for (const [petitionId, id] of anonymised) {
      const sig = (await item(Keys.signature(petitionId, id)))!;
      expect(sig).toMatchObject({ id, petitionId, type: "signature", firstName: ANONYMISED_NAME, lastName: "", email: "", anonymisedAt: expect.any(String) });
      expect(Object.values(sig.meta as Record<string, string>).every((v) => v === "")).toBe(true);
      for (const attribute of ["emailNormalized", "timeshareName", "gsi3pk", "gsi3sk"]) expect(sig[attribute], attribute).toBeUndefined();
      const row = await item(indexKey(petitionId, id));
      expect(decodeRow(petitionId, id, String(row!.r))).toMatchObject({
        firstName: ANONYMISED_NAME,
        lastName: "",
        email: "",
        ipAddress: "",
        city: "",
        browser: "",
      });
      expect(decodeRow(petitionId, id, String(row!.r)).timeshareName ?? "").toBe("");
      // its name-search entries were rewritten with it: only the anonymised name's start, no last name, e-mail or timeshare
      const search = Object.fromEntries(Object.entries(row!).filter(([name]) => /^[sw]\d$/.test(name)));
      expect(search).toEqual({ s1: `SIGIDX#${petitionId}#an#${searchShard(id)}`, w1: `anonymised\u0001${id}` });
    }
    // the erased names are not found by a name search any more
    const searched = await SignatureListing.list({ petitionId: petitions[0], search: `last${nameOf(run)}`, pageSize: 500 });
    expect(searched.items.filter((r) => anonymised.some(([, id]) => id === r.id))).toEqual([]);
    for (const [i, petitionId] of petitions.entries()) expect(await item(Keys.emailGuard(petitionId, OLD.toLowerCase())), `guard ${i}`).toBeUndefined();
    expect(await item(Keys.emailGuard(petitions[0], KEPT.toLowerCase()))).toBeUndefined();
    expect(await recordsOf(OLD)).toEqual([]);
    // the confirmed subscriber stays (until they unsubscribe); only their subscription holds the address now
    expect((await Newsletter.find(KEPT))?.status).toBe("confirmed");
    expect((await recordsOf(KEPT)).map((r) => r.kind)).toEqual(["newsletter"]);
  });

  it("leaves the admin list, the details, the export and the spreadsheet columns working with anonymised rows", async () => {
    const listed = await admin(listSignatures, { query: { petitionId: petitions[0], pageSize: 50 } });
    expect(listed.statusCode).toBe(200);
    expect(listed.body.total).toBe(3);
    const rows = listed.body.items as { id: string; firstName: string; email: string }[];
    expect(
      rows
        .filter((r) => r.firstName === ANONYMISED_NAME)
        .map((r) => r.id)
        .sort(),
    ).toEqual([old.signatureIds[0], keptSignature].sort());
    expect(rows.find((r) => r.id === recent.signatureIds[0])).toMatchObject({ email: RECENT });

    const exported = await admin(exportSignatures, { query: { petitionId: petitions[0], pageSize: 100 } });
    expect(exported.statusCode).toBe(200);
    const cells = (exported.body.items as Parameters<typeof signatureCells>[0][]).map(signatureCells);
    expect(cells).toHaveLength(3);
    const anonymisedCells = cells.filter((c) => c[0] === ANONYMISED_NAME);
    expect(anonymisedCells).toHaveLength(2);
    // name, e-mail, then metadata columns blank; timeshare, petition and date kept; the status (last) stays
    for (const c of anonymisedCells) expect([c[1], c[2], ...c.slice(6, -1)].every((v) => v === "")).toBe(true);
    for (const c of anonymisedCells) expect(c.at(-1)).toBe("unverified");
    for (const c of anonymisedCells) expect(c.slice(3, 6)).toEqual(["", petitions[0], expect.stringMatching(/^\d+\/\d+\/\d{4}$/)]);

    const details = await admin(getSignature, { id: petitions[0], signatureId: old.signatureIds[0] });
    expect(details).toMatchObject({ statusCode: 200, body: { id: old.signatureIds[0], firstName: ANONYMISED_NAME, email: "" } });
    expect(holds(details.body, OLD)).toBe(false);
  });

  it("removes the expired unconfirmed subscriber with its token and index row; the recent one stays", async () => {
    expect(await item(Keys.newsletter(OLD.toLowerCase()))).toBeUndefined();
    const recentSubscriber = await Newsletter.find(RECENT);
    expect(recentSubscriber?.status).toBe("unconfirmed");
    expect((await recordsOf(RECENT)).map((r) => r.kind).sort()).toEqual([
      "lead",
      "lead",
      "lead",
      "lead",
      "newsletter",
      "newsletterToken",
      "report",
      "signature",
      "signature",
    ]);
  });

  it("leaves every record of the recent person untouched", async () => {
    const after = await snapshot();
    const theirs = itemsHolding(before, RECENT);
    // signatures and their index rows (e-mail guards are keyed by a hash of the address), report,
    // submissions, subscriber, its index row and token
    expect(theirs.length).toBeGreaterThanOrEqual(2 * 2 + 2 + 4 * 2 + 3);
    for (const it of theirs) {
      const key = `${String(it.pk)} | ${String(it.sk)}`;
      expect(after.get(key)?.json, key).toBe(before.get(key)!.json);
    }
  });

  it("leaves nothing holding the old address in the table, the bucket or the spreadsheet files", async () => {
    const after = await snapshot();
    expect(itemsHolding(after, OLD).map((i) => `${String(i.type)}: ${String(i.pk)} | ${String(i.sk)}`)).toEqual([]);
    expect(await objectsUnder(`reports/${old.reportId}/`)).toEqual([]);
    const files = await sheetFiles();
    for (const [name, text] of files) expect(holds(text, OLD), name).toBe(false);
    // the tabs were rewritten, not emptied: the recent person's rows are there
    const dir = settings().SHEETS_DIR;
    for (const tab of [SIGNATURES_TAB, REPORTS_TAB, ...LEAD_FORMS.map((f) => LEAD_FORM_INFO[f].sheetTab)]) {
      expect(holds(files.get(basename(fileFor(dir, tab))), RECENT), tab).toBe(true);
    }
  });

  it("changes nothing on a second run but its own audit entry", async () => {
    const beforeSecond = await snapshot();
    const second = await runRetention(new Date());
    expect(second).toMatchObject({
      leadsDeleted: 0,
      reportsDeleted: 0,
      evidenceFilesDeleted: 0,
      signaturesAnonymised: 0,
      unconfirmedSignaturesDeleted: 0,
      subscribersRemoved: 0,
      confirmationTokensDeleted: 0,
      complete: true,
      sheets: { synced: [], failed: [] },
    });
    const all = diff(beforeSecond, await snapshot());
    // the walked kinds' watermarks move up to the later cut-off
    expect(
      all
        .filter((c) => c.kind === "retentionWatermark")
        .map((c) => `${c.change} ${c.key}`)
        .sort(),
    ).toEqual(
      ["lead", "report", "signature", "signature-pending", "scamAlertCorrection"]
        .map((kind) => `changed ${Keys.retentionWatermark(kind).pk} | WATERMARK`)
        .sort(),
    );
    const changes = all.filter((c) => c.kind !== "retentionWatermark");
    expect(
      changes.map((c) => `${c.change} ${c.kind}`),
      describeChanges(changes),
    ).toEqual(["added audit"]);
    expect(changes[0].item).toMatchObject({ action: "privacy.retention_ran", rows: 0 });
    expect(await counts()).toEqual({ petitions: [3, 2], reports: 1, leads: [1, 1, 1, 1] });
  });
});

describe("the retention watermarks", () => {
  const watermarkOf = async (kind: string) => (await item(Keys.retentionWatermark(kind)))?.through;
  const stored = (petitionId: string, id: string) => item(Keys.signature(petitionId, id));
  let base: RetentionResult;

  /** Runs `work`, counting the index rows of `petitionId`'s signatures that its queries read. */
  async function rowsReadOf<T>(petitionId: string, work: () => Promise<T>): Promise<{ result: T; rows: number }> {
    const partitions = new Set(layout.partitions(petitionId));
    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<{ Items?: unknown[] }>;
    let rows = 0;
    const spy = vi.spyOn(client, "send").mockImplementation((async (command: unknown) => {
      const out = await send(command);
      if (command instanceof QueryCommand && partitions.has(String(command.input.ExpressionAttributeValues?.[":pk"]))) rows += out.Items?.length ?? 0;
      return out;
    }) as never);
    try {
      const result = await work();
      return { result, rows };
    } finally {
      spy.mockRestore();
    }
  }

  beforeAll(async () => {
    base = await runRetention(new Date(), { syncSheets: false });
  });

  it("holds, for each kind walked by id, the cut-off of its last finished pass", async () => {
    expect(await watermarkOf("signature")).toBe(sortableIdFloor(Date.parse(base.signaturesBefore)));
    expect(await watermarkOf("report")).toBe(sortableIdFloor(Date.parse(base.submissionsBefore)));
    expect(await watermarkOf("lead")).toBe(sortableIdFloor(Date.parse(base.submissionsBefore)));
    // the unconfirmed subscribers are not in time order: no watermark
    expect(await item(Keys.retentionWatermark("newsletter"))).toBeUndefined();
  });

  it("a later pass reads only the rows above it: an old signature written below it is not visited until it is gone", async () => {
    const petitionId = petitions[0];
    // three anonymised signatures (old, kept, and this one once done) sit below the watermark
    const email = `Below-Watermark-${run}@Example.com`;
    const belowId = await at(new Date(Date.now() - 2 * 365 * DAY_MS - 3 * DAY_MS), () => signUp(petitionId, email, false));
    expect(belowId < (await watermarkOf("signature"))).toBe(true);

    const later = await rowsReadOf(petitionId, () => runRetention(new Date(), { syncSheets: false }));
    expect(later.result.signaturesAnonymised).toBe(0);
    expect(later.rows).toBe(0);
    expect((await stored(petitionId, belowId))?.email).toBe(email);

    // without the watermark, the pass reads the petition from its first row again, and finds it
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.retentionWatermark("signature") }));
    const fromStart = await rowsReadOf(petitionId, () => runRetention(new Date(), { syncSheets: false }));
    expect(fromStart.result.signaturesAnonymised).toBe(1);
    expect(fromStart.rows).toBeGreaterThanOrEqual(3);
    expect((await stored(petitionId, belowId))?.email).toBe("");
    expect(await watermarkOf("signature")).toBe(sortableIdFloor(Date.parse(fromStart.result.signaturesBefore)));
  });

  it("a pass that fails part-way leaves the watermark where it was; the next one finishes and moves it", async () => {
    const petitionId = petitions[1];
    const email = `Due-Soon-${run}@Example.com`;
    // due in 5 days: above the watermark of today's pass, below the cut-off of a pass in 10 days
    const dueId = await at(new Date(Date.now() - 2 * 365 * DAY_MS + 5 * DAY_MS), () => signUp(petitionId, email, false));
    const later = new Date(Date.now() + 10 * DAY_MS);
    const before = await watermarkOf("signature");
    expect(dueId > before).toBe(true);

    const client = db();
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const spy = vi.spyOn(client, "send").mockImplementation((async (command: unknown) => {
      if (command instanceof TransactWriteCommand) throw new Error("the table is unavailable");
      return send(command);
    }) as never);
    try {
      await expect(runRetention(later, { syncSheets: false })).rejects.toThrow("the table is unavailable");
    } finally {
      spy.mockRestore();
    }
    expect(await watermarkOf("signature")).toBe(before);
    expect((await stored(petitionId, dueId))?.email).toBe(email);

    // a pass stopped by its time budget does not move it either
    const stopped = await runRetention(later, { syncSheets: false, budgetMs: -1 });
    expect(stopped.complete).toBe(false);
    expect(await watermarkOf("signature")).toBe(before);

    const next = await runRetention(later, { syncSheets: false });
    expect(next.signaturesAnonymised).toBe(1);
    expect((await stored(petitionId, dueId))?.email).toBe("");
    expect(await watermarkOf("signature")).toBe(sortableIdFloor(Date.parse(next.signaturesBefore)));
  });
});
