/**
 * A form submitted again with the same idempotency key, as the page does after a timeout, an error or
 * a 503 whose answer it never saw (docs/architecture.md "Faults"): answered as the first attempt was,
 * stored once, no side effect recorded twice; a repeat with another key is still a repeat.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Bus } from "@site/core/bus";
import { Evidence } from "@site/core/evidence";
import { Report } from "@site/core/report";
import { handler as sign } from "../../packages/functions/src/http/signature-create";
import { handler as report } from "../../packages/functions/src/http/report-create";
import { handler as lead } from "../../packages/functions/src/http/lead-create";
import { newPetition, petitionItems, signer } from "../support/fixtures";
import { call, httpEvent } from "../support/http";
import { fullReport, PDF, postToBucket } from "../support/reports";
import { diff, snapshot, useOwnTable } from "../support/table-snapshot";
import { useOwnBucket } from "../support/own-bucket";

beforeAll(async () => {
  await useOwnTable("submission-retries");
  await useOwnBucket("submission-retries");
  // the events are counted in the table's outbox items; their deliveries are not under test
  Bus.deliverLocallyWith(() => {});
});

let clients = 0;
const key = () => randomUUID().replace(/-/g, "");
const from = () => `198.51.100.${++clients}`;
const post = (handler: typeof sign, path: Record<string, string>, body: unknown, headers: Record<string, string> = {}) =>
  call(handler, httpEvent({ method: "POST", pathParameters: path, body, sourceIp: from(), headers }));

describe("a signature submitted again with its idempotency key", () => {
  it.each([false, true])("is stored once and answered as the first (petition verifying signatures: %s)", async (verifies) => {
    const petition = await newPetition(1000, verifies);
    const body = signer(`retry-${verifies}`);
    const k = key();
    const first = await post(sign, { id: petition.id }, body, { "idempotency-key": k });
    expect(first.statusCode).toBe(201);

    const before = await snapshot();
    const again = await post(sign, { id: petition.id }, body, { "idempotency-key": k });
    expect(again.statusCode).toBe(201);
    expect(again.body.signatureId).toBe(first.body.signatureId);
    expect(again.body.status).toBe(first.body.status);
    // nothing announced: no "already signed" e-mail for the page's own retry
    expect(diff(before, await snapshot()).filter((c) => c.kind === "outbox")).toEqual([]);
    expect((await petitionItems(petition.id)).signatures).toHaveLength(1);

    // the same mailbox with another key is a repeat, as before: a fresh id, and its e-mail recorded
    const repeat = await post(sign, { id: petition.id }, body, { "idempotency-key": key() });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.body.signatureId).not.toBe(first.body.signatureId);
    expect(diff(before, await snapshot()).filter((c) => c.kind === "outbox" && c.change === "added")).toHaveLength(1);
    expect((await petitionItems(petition.id)).signatures).toHaveLength(1);
  });

  it("refuses a malformed key before anything is written", async () => {
    const petition = await newPetition();
    const before = await snapshot();
    const res = await post(sign, { id: petition.id }, signer("bad-key"), { "idempotency-key": "short" });
    expect(res.statusCode).toBe(400);
    expect(res.body.error).toMatch(/Idempotency-Key/);
    expect(diff(before, await snapshot())).toEqual([]);
  });
});

describe("a scam report submitted again with its idempotency key", () => {
  it("is stored once with its evidence, and answered with the first attempt's reference", async () => {
    const presigned = await Evidence.presignUpload({ purpose: "details", fileName: "receipt.pdf", size: PDF.length });
    expect((await postToBucket(presigned, PDF, "receipt.pdf")).status).toBe(204);
    const body = fullReport(`retry-${randomUUID().slice(0, 6)}`, { details: { uploadId: presigned.uploadId, fileName: "receipt.pdf" } });
    const k = key();
    const first = await post(report, {}, body, { "idempotency-key": k });
    expect(first.statusCode).toBe(201);

    const before = await snapshot();
    const again = await post(report, {}, body, { "idempotency-key": k });
    expect(again.statusCode).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(diff(before, await snapshot()).filter((c) => ["report", "reportRef", "outbox", "submission"].includes(c.kind))).toEqual([]);
    // the evidence is the first attempt's: the retry claimed nothing (its upload was moved under the report)
    const saved = await Report.fromID(first.body.reportId);
    expect(saved.evidence.map((e) => e.fileName)).toEqual(["receipt.pdf"]);
  });

  it("without a key, a second submission is a second report", async () => {
    const body = fullReport(`nokey-${randomUUID().slice(0, 6)}`);
    const a = await post(report, {}, body);
    const b = await post(report, {}, body);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body.reportId).not.toBe(b.body.reportId);
  });
});

describe("a guide request submitted again with its idempotency key", () => {
  it("is stored once and answered with the first attempt's id; another key is another request", async () => {
    const body = {
      fullName: "Grace Guide",
      email: `guide-${randomUUID().slice(0, 6)}@example.com`,
      newsletterConsent: false,
      client: { screenResolution: "1920x1080", timezone: "America/Chicago", language: "en-US" },
    };
    const k = key();
    const first = await post(lead, { form: "checklist" }, body, { "idempotency-key": k });
    expect(first.statusCode).toBe(201);
    const before = await snapshot();
    const again = await post(lead, { form: "checklist" }, body, { "idempotency-key": k });
    expect(again).toMatchObject({ statusCode: 201, body: first.body });
    expect(diff(before, await snapshot()).filter((c) => ["lead", "outbox", "submission"].includes(c.kind))).toEqual([]);
    const other = await post(lead, { form: "checklist" }, body, { "idempotency-key": key() });
    expect(other.statusCode).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
  });
});
