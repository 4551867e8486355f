/**
 * /my-data a page at a time, and the download a page at a time (security review N15): a person with
 * more records than a page sees the first page with the counts of all of them and a cursor; the pages
 * together are every record once, oldest first (the address's newsletter subscription, whose key holds
 * no time, first); a page reads only its own items; a cursor of another shape is a 400 that writes
 * nothing. A download larger than an answer streams to the bucket in several parts while the records
 * are still being read, each record once. The guide requests are imported in bulk
 * (LeadListing.importBatch: no rate limit, no mailbox cap), so the test holds more than two pages cheaply.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { s3 } from "@site/core/bucket";
import { resetSettings, settings } from "@site/core/config";
import { db } from "@site/core/db/client";
import { recordsOf } from "@site/core/db/person-index";
import { LEAD_FORMS } from "@site/core/lead/forms";
import { LeadInput } from "@site/core/lead/input";
import { LeadListing } from "@site/core/lead/listing";
import { listOutbox } from "@site/core/mail/outbox";
import { Privacy } from "@site/core/privacy";
import { metaDetails } from "@site/core/request/meta-details";
import { fromHeaders } from "@site/core/request/metadata";
import { handler as leadCreate } from "../../packages/functions/src/http/lead-create";
import { routeWith as exportWith } from "../../packages/functions/src/http/privacy-export";
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
  call(handler, httpEvent({ method: "POST", body, pathParameters, sourceIp: `10.95.${run.charCodeAt(1) % 200}.${++ips}` }));
const client = { screenResolution: "1920x1080", timezone: "America/New_York", language: "en-US" };

/** Guide requests imported in bulk, a minute apart, handed over out of order. */
const IMPORTED = 110;
const email = `many-records-${run}@example.com`;
/** The imported requests, one signature, one guide request through the form with the newsletter consent, the subscription it made. */
const TOTAL = IMPORTED + 3;
// (scamAlertCorrection: a scam alert's correction request, the registered kind alerts/corrections-kind.ts)
const COUNTS = { signature: 1, report: 0, lead: IMPORTED + 1, newsletter: 1, scamAlertCorrection: 0 };

interface Summary {
  kind: string;
  label: string;
  createdAt: string;
}
interface Page {
  email: string;
  counts: Record<string, number>;
  records: Summary[];
  next: string | null;
}

let token: string;
/** 7 → "aah": a name holds no digits. */
const letters = (n: number) =>
  String(n)
    .padStart(3, "0")
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]);

beforeAll(async () => {
  await useOwnTable("privacy-pages");
  vi.stubEnv("PRIVACY_RATE_LIMIT_PER_MINUTE", "1000");
  resetSettings();

  const start = Date.now() - 30 * 86_400_000;
  const order = Array.from({ length: IMPORTED }, (_, i) => (i * 37) % IMPORTED);
  expect(new Set(order).size).toBe(IMPORTED);
  await LeadListing.importBatch(
    order.map((i) => ({
      form: LEAD_FORMS[i % LEAD_FORMS.length],
      submission: LeadInput.parse({ fullName: `Paged Person ${letters(i)}`, email }),
      meta: metaDetails(fromHeaders({ "user-agent": "paging test" }, "203.0.113.9")),
      at: new Date(start + i * 60_000),
    })),
  );
  const signed = await post(sign, signer(run, { email }), { id: (await newPetition()).id });
  expect(signed.statusCode, JSON.stringify(signed.body)).toBe(201);
  const asked = await post(leadCreate, { fullName: "Paged Person", email, newsletterConsent: true, client }, { form: LEAD_FORMS[0] });
  expect(asked.statusCode, JSON.stringify(asked.body)).toBe(201);
  await bus.idle();
  expect((await recordsOf(email)).filter((r) => r.kind !== "newsletterToken")).toHaveLength(TOTAL);

  const before = new Set((await listOutbox(settings().OUTBOX_DIR)).map((m) => m.text));
  expect((await post(privacyRequest, { email })).statusCode).toBe(202);
  const mails = (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(email) && !before.has(m.text));
  token = mails.flatMap((m) => /\/my-data\?token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1] ?? [])[0];
  expect(token).toBeTruthy();
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => bus.idle());

/** The keys each BatchGetItem of the calls made by `work` asked for, and the queries' indexes. */
async function readsOf<T>(work: () => Promise<T>): Promise<{ result: T; batchGets: number[]; queries: string[]; gets: number }> {
  const send = vi.spyOn(db(), "send");
  const result = await work();
  const inputs = send.mock.calls.map(([command]) => ({ name: command.constructor.name, input: command.input as Record<string, unknown> }));
  send.mockRestore();
  const batchGets = inputs
    .filter((c) => c.name === "BatchGetCommand")
    .map((c) => Object.values(c.input.RequestItems as Record<string, { Keys: unknown[] }>).reduce((n, r) => n + r.Keys.length, 0));
  const queries = inputs.filter((c) => c.name === "QueryCommand").map((c) => String(c.input.IndexName ?? "table"));
  return { result, batchGets, queries, gets: inputs.filter((c) => c.name === "GetCommand").length };
}

describe("/my-data a page at a time", () => {
  it("answers the first page with the counts of every record and a cursor; the pages together are every record once, oldest first", async () => {
    const pages: Page[] = [];
    let cursor: string | null | undefined;
    do {
      const res = await post(privacyRecords, cursor ? { token, cursor } : { token });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      const page = res.body as Page;
      pages.push(page);
      cursor = page.next;
    } while (cursor && pages.length < 10);

    expect(pages.map((p) => p.records.length)).toEqual([Privacy.RECORDS_PAGE_SIZE, Privacy.RECORDS_PAGE_SIZE, TOTAL - 2 * Privacy.RECORDS_PAGE_SIZE]);
    expect(pages.at(-1)!.next).toBeNull();
    for (const page of pages) expect(page.counts).toEqual(COUNTS);
    for (const page of pages.slice(0, -1)) expect(page.next).toMatch(Privacy.RECORDS_CURSOR_SHAPE);
    // the cursor holds no address
    expect(pages.map((p) => p.next).join(" ")).not.toContain(email.split("@")[0]);

    const all = pages.flatMap((p) => p.records);
    expect(all).toHaveLength(TOTAL);
    // no record twice: each has its own label or time (the imported requests are a minute apart)
    expect(new Set(all.map((r) => `${r.kind}|${r.label}|${r.createdAt}`)).size).toBe(TOTAL);
    expect(all.filter((r) => r.label.startsWith("Request for")).length).toBe(IMPORTED + 1);
    // oldest first: the subscription (its key holds no time) heads the list, then by the time each was made
    expect(all[0].kind).toBe("newsletter");
    const times = all.slice(1).map((r) => r.createdAt);
    expect(times).toEqual([...times].sort());
    expect(all.slice(-2).map((r) => r.kind)).toEqual(["signature", "lead"]);
    // the same records as the download holds
    const stored = await Privacy.storedRecords(email);
    expect(all.map((r) => `${r.kind}|${r.createdAt}`)).toEqual(stored.map((r) => `${r.kind}|${String(r.item.createdAt ?? r.item.consentAt)}`));
  });

  it("reads only the page's items: one BatchGetItem of the page's keys, besides the person index's keys", async () => {
    const first = (await post(privacyRecords, { token })).body as Page;
    const { result, batchGets, queries } = await readsOf(() => post(privacyRecords, { token, cursor: first.next }));
    expect(result.statusCode).toBe(200);
    const second = result.body as Page;
    expect(second.records).toHaveLength(Privacy.RECORDS_PAGE_SIZE);
    // the second page holds guide requests only (their lines need no other read): its keys and nothing more
    expect(second.records.every((r) => r.kind === "lead")).toBe(true);
    expect(batchGets).toEqual([Privacy.RECORDS_PAGE_SIZE]);
    // the counts and the order come from the person index (keys only), the page's items from the table
    expect(queries.filter((index) => index === "gsi3").length).toBeGreaterThanOrEqual(1);
    expect(queries.every((index) => index === "gsi3")).toBe(true);
    expect(second.records.some((r) => first.records.some((f) => f.createdAt === r.createdAt && f.label === r.label))).toBe(false);

    // the core function alike, with a page of any size
    const small = await readsOf(() => Privacy.recordsPage(email, { size: 7 }));
    expect(small.result.records).toHaveLength(7);
    expect(small.batchGets).toEqual([7]);
    expect(small.result.counts).toEqual(COUNTS);
  });

  it("a body without a cursor is the first page, as before pages; a cursor past the end is an empty last page", async () => {
    const plain = (await post(privacyRecords, { token })).body as Page;
    const last = `${"z".repeat(9)}.${"z".repeat(22)}`;
    const past = await post(privacyRecords, { token, cursor: last });
    expect(past.statusCode).toBe(200);
    expect(past.body).toMatchObject({ counts: COUNTS, records: [], next: null });
    expect(plain.records[0].kind).toBe("newsletter");
  });

  it("refuses a cursor of another shape with a clear 400, before anything is counted or read, writing nothing", async () => {
    const before = await snapshot();
    const bad = [
      "",
      "not a cursor",
      `${"0".repeat(9)}.${"A".repeat(21)}`,
      `${"0".repeat(9)}.${"A".repeat(23)}`,
      `${"Z".repeat(9)}.${"A".repeat(22)}`,
      `${"0".repeat(9)}.${"A".repeat(21)}=`,
      `${"0".repeat(9)}.${"A".repeat(22)}\n`,
      "x".repeat(5000),
      42,
      null,
      { place: "0" },
      ["0"],
    ];
    for (const cursor of bad) {
      const res = await post(privacyRecords, { token, cursor });
      expect(res.statusCode, JSON.stringify(cursor)).toBe(400);
      expect(res.body, JSON.stringify(cursor)).toMatchObject({ error: Privacy.PRIVACY_MESSAGES.badCursor });
    }
    const changes = diff(before, await snapshot());
    expect(changes, describeChanges(changes)).toEqual([]);
    // the core function refuses it too
    await expect(Privacy.recordsPage(email, { cursor: "nope" })).rejects.toBeInstanceOf(Privacy.UnknownRecordsCursor);
  });
});

describe("the download a page at a time", () => {
  it("answers a small download inline, read a page of records at a time", async () => {
    const { result, batchGets } = await readsOf(() => post(exportWith(), { token }));
    expect(result.statusCode).toBe(200);
    const data = result.body as Privacy.DownloadData;
    expect(data.records).toHaveLength(TOTAL);
    expect(batchGets).toEqual([Privacy.DOWNLOAD_PAGE_SIZE, TOTAL - Privacy.DOWNLOAD_PAGE_SIZE]);
  });

  it("streams a large one to the bucket in several parts while it is still reading, every record once, the same JSON as inline", async () => {
    const inline = (await post(exportWith(), { token })).body as Privacy.DownloadData;

    // both spies on one clock (vitest numbers every mocked call in one sequence)
    const reads = vi.spyOn(db(), "send");
    const writes = vi.spyOn(s3(), "send");
    const pageSize = 20;
    const result = await post(exportWith({ inlineMaxBytes: 2000, pageSize, partBytes: 4096 }), { token });
    expect(result.statusCode, JSON.stringify(result.body)).toBe(200);
    const link = result.body as { url: string; expiresAt: string };
    expect(Object.keys(link).sort()).toEqual(["expiresAt", "url"]);
    const calls = (spy: typeof reads | typeof writes) =>
      spy.mock.calls.map(([command], i) => ({
        name: command.constructor.name,
        input: command.input as Record<string, unknown>,
        at: spy.mock.invocationCallOrder[i],
      }));
    const batchGets = calls(reads).filter((c) => c.name === "BatchGetCommand");
    const bucket = calls(writes);
    reads.mockRestore();
    writes.mockRestore();

    // read a page at a time
    const keysOf = (c: { input: Record<string, unknown> }) => Object.values(c.input.RequestItems as Record<string, { Keys: unknown[] }>)[0].Keys.length;
    expect(batchGets.map(keysOf)).toEqual([...Array<number>(Math.floor(TOTAL / pageSize)).fill(pageSize), TOTAL % pageSize]);
    // written as a multipart upload of several parts, no single PutObject holding it all
    const names = bucket.map((c) => c.name);
    expect(names.filter((c) => c === "CreateMultipartUploadCommand")).toHaveLength(1);
    expect(names.filter((c) => c === "UploadPartCommand").length).toBeGreaterThanOrEqual(3);
    expect(names.filter((c) => c === "CompleteMultipartUploadCommand")).toHaveLength(1);
    expect(names).not.toContain("PutObjectCommand");
    expect(names).not.toContain("AbortMultipartUploadCommand");
    // parts went out before the last page was read: the file is written as the records come, not once they are all held
    const firstPart = bucket.find((c) => c.name === "UploadPartCommand")!.at;
    expect(firstPart).toBeLessThan(batchGets.at(-1)!.at);
    expect(batchGets.filter((c) => c.at > firstPart).length).toBeGreaterThanOrEqual(2);

    const res = await fetch(link.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain('filename="my-data.json"');
    const text = await res.text();
    const fetched = JSON.parse(text) as Privacy.DownloadData;
    // the same text as the whole download pretty-printed at once
    expect(text).toBe(JSON.stringify(fetched, null, 2));
    expect(fetched.records).toHaveLength(TOTAL);
    const ids = fetched.records.map((r) => `${String(r.kind)}|${String(r.id ?? r.email)}|${String(r.createdAt ?? r.consentAt)}`);
    expect(new Set(ids).size).toBe(TOTAL);
    const { exportedAt: _a, ...same } = inline;
    const { exportedAt: _b, ...fromBucket } = fetched;
    expect(fromBucket).toEqual(same);
  });

  it("a download too large for an answer before any record (no records) is a file too", async () => {
    const nobody = `no-records-${run}@example.com`;
    const before = new Set((await listOutbox(settings().OUTBOX_DIR)).map((m) => m.text));
    expect((await post(privacyRequest, { email: nobody })).statusCode).toBe(202);
    const mails = (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(nobody) && !before.has(m.text));
    const emptyToken = mails.flatMap((m) => /\/my-data\?token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1] ?? [])[0];
    const res = await post(exportWith({ inlineMaxBytes: 10 }), { token: emptyToken });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const text = await (await fetch((res.body as { url: string }).url)).text();
    const fetched = JSON.parse(text) as Privacy.DownloadData;
    expect(fetched).toMatchObject({ email: nobody, records: [] });
    expect(text).toBe(JSON.stringify(fetched, null, 2));
  });
});
