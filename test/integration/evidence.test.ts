import { randomUUID } from "node:crypto";
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { resetSettings } from "@site/core/config";
import { Evidence, type PresignedUpload } from "@site/core/evidence";
import { s3 } from "@site/core/evidence/s3";
import { sortableId } from "@site/core/util/id";
import { ValidationError } from "@site/core/util/error";

/** This file's own bucket on the shared s3rver: its sweeps must not touch other files' uploads. */
const BUCKET = `evidence-test-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  process.env.BUCKET_NAME = BUCKET;
  resetSettings();
  Evidence.resetS3();
  await s3().send(new CreateBucketCommand({ Bucket: BUCKET }));
});

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n" +
    "trailer\n<< /Root 1 0 R >>\n%%EOF\n",
);
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** What the browser does: a multipart/form-data POST of every policy field, then the file, last. */
async function post(presigned: PresignedUpload, body: Uint8Array, fileName: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(body)], { type: presigned.fields["Content-Type"] }), fileName);
  const res = await fetch(presigned.url, { method: "POST", body: form });
  expect(res.status, await res.clone().text()).toBe(204);
}

async function upload(purpose: "contactEmail" | "details", fileName: string, body: Uint8Array) {
  const presigned = await Evidence.presignUpload({ purpose, fileName, size: body.length });
  await post(presigned, body, fileName);
  return presigned.uploadId;
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

async function keysUnder(prefix: string) {
  const res = await s3().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key);
}

async function read(key: string) {
  const res = await s3().send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { bytes: Buffer.from(await res.Body!.transformToByteArray()), contentType: res.ContentType, metadata: res.Metadata };
}

/** Claims that must be refused: the visitor's message, and the upload is gone. */
async function expectRefused(uploadId: string, purpose: "contactEmail" | "details", message: string) {
  const reportId = sortableId();
  await expect(Evidence.claim(uploadId, purpose, reportId)).rejects.toMatchObject({ name: "VisibleError", status: 400, message });
  expect(await exists(Evidence.uploadKey(uploadId))).toBe(false);
  expect(await keysUnder(Evidence.reportPrefix(reportId))).toEqual([]);
}

describe("presigned upload", () => {
  it("fixes the key, the type, the metadata, the size range and a 15-minute expiry in its policy", async () => {
    const before = Date.now();
    const presigned = await Evidence.presignUpload({ purpose: "details", fileName: "Reçu (1).pdf", size: PDF.length });
    expect(presigned.uploadId).toMatch(/^[0-9a-z]{21}$/);
    expect(presigned.maxBytes).toBe(10 * 1024 * 1024);
    expect(presigned.fields).toMatchObject({
      key: `uploads/${presigned.uploadId}`,
      "Content-Type": "application/pdf",
      "x-amz-meta-filename": "Re%C3%A7u%20(1).pdf",
      "x-amz-meta-purpose": "details",
    });
    const policy = JSON.parse(Buffer.from(presigned.fields.Policy, "base64").toString("utf8"));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { key: `uploads/${presigned.uploadId}` },
        { "Content-Type": "application/pdf" },
        { "x-amz-meta-filename": "Re%C3%A7u%20(1).pdf" },
        ["content-length-range", 1, 10 * 1024 * 1024],
      ]),
    );
    const expiresIn = Date.parse(policy.expiration) - before;
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000 + 1000);
  });

  it("refuses a file over 10 MB or of a type the upload point does not take, before any upload", async () => {
    await expect(Evidence.presignUpload({ purpose: "details", fileName: "big.pdf", size: 11 * 1024 * 1024 })).rejects.toThrow(
      new ValidationError({ size: "The file is larger than 10 MB." }),
    );
    await expect(Evidence.presignUpload({ purpose: "contactEmail", fileName: "photo.jpg", size: 100 })).rejects.toMatchObject({
      fields: { fileName: "Please choose a .pdf, .doc, .docx, .txt or .eml file." },
    });
  });
});

describe("the local evidence bucket (s3rver)", () => {
  it("lets a page on another origin POST to it and read the result, as the deployed bucket's CORS rule does", async () => {
    // global-setup starts s3rver with the local stack's bucket, configured by startS3
    const bucketUrl = `${inject("emulators").s3}/evidence`;
    const origin = "http://127.0.0.1:3000";
    const preflight = await fetch(bucketUrl, {
      method: "OPTIONS",
      headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST");

    const key = `uploads/${sortableId()}`;
    const form = new FormData();
    form.append("key", key);
    form.append("file", new Blob([new Uint8Array(PDF)]), "a.pdf");
    const res = await fetch(bucketUrl, { method: "POST", body: form, headers: { Origin: origin } });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toBe("ETag");
    await s3().send(new DeleteObjectCommand({ Bucket: "evidence", Key: key }));
  });
});

describe("claiming an upload for a report", () => {
  it("moves a real PDF and PNG, POSTed as the browser does, under the report", async () => {
    const reportId = sortableId();
    const pdfId = await upload("details", "Contract scan.pdf", PDF);
    const pngId = await upload("details", "screenshot.PNG", PNG);

    const pdf = await Evidence.claim(pdfId, "details", reportId);
    const png = await Evidence.claim(pngId, "details", reportId);

    expect(pdf).toEqual({ key: `reports/${reportId}/${pdfId}.pdf`, fileName: "Contract scan.pdf", size: PDF.length, contentType: "application/pdf" });
    expect(png).toEqual({ key: `reports/${reportId}/${pngId}.png`, fileName: "screenshot.PNG", size: PNG.length, contentType: "image/png" });
    expect(await exists(`uploads/${pdfId}`)).toBe(false);
    expect(await exists(`uploads/${pngId}`)).toBe(false);
    const stored = await read(pdf.key);
    expect(stored.bytes.equals(PDF)).toBe(true);
    expect(stored.contentType).toBe("application/pdf");
    expect(stored.metadata).toMatchObject({ filename: "Contract%20scan.pdf", purpose: "details" });
    expect((await read(png.key)).bytes.equals(PNG)).toBe(true);
  });

  it("returns the moved file when the same report claims it again (a retried request)", async () => {
    const reportId = sortableId();
    const id = await upload("contactEmail", "offer.eml", Buffer.from("From: sales@resale-example.com\r\nSubject: Buyer found\r\n\r\nPay the fee.\r\n"));
    const first = await Evidence.claim(id, "contactEmail", reportId);
    expect(await Evidence.claim(id, "contactEmail", reportId)).toEqual(first);
    expect(first.contentType).toBe("message/rfc822");
    // another report cannot take it
    await expect(Evidence.claim(id, "contactEmail", sortableId())).rejects.toMatchObject({
      status: 400,
      message: "The evidence file was not received. Please choose it again.",
    });
  });

  it("refuses and deletes a .pdf that is not a PDF", async () => {
    const id = await upload("details", "invoice.pdf", PNG);
    await expectRefused(id, "details", "The file invoice.pdf does not look like a PDF file.");
  });

  it("refuses and deletes binary data named .txt", async () => {
    const id = await upload("contactEmail", "notes.txt", Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 31) % 256)));
    await expectRefused(id, "contactEmail", "The file notes.txt does not look like a TXT file.");
  });

  it("refuses and deletes an object over 10 MB (s3rver does not enforce the policy's size range)", async () => {
    const uploadId = sortableId();
    const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024 - PDF.length, 0x20)]);
    await s3().send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: `uploads/${uploadId}`,
        Body: big,
        ContentType: "application/pdf",
        Metadata: { filename: "big.pdf", purpose: "details" },
      }),
    );
    await expectRefused(uploadId, "details", "The file is larger than 10 MB.");
  });

  it("refuses and deletes a file uploaded for step 3 but claimed for the e-mail contact, whose types differ", async () => {
    const id = await upload("details", "screenshot.png", PNG);
    await expectRefused(id, "contactEmail", "Please choose a .pdf, .doc, .docx, .txt or .eml file.");
  });

  it("refuses an upload that never arrived, and ids that are not upload ids", async () => {
    for (const id of [sortableId(), "../reports/x", ""]) {
      await expect(Evidence.claim(id, "details", sortableId())).rejects.toMatchObject({
        status: 400,
        code: "evidence.not_received",
        message: "The evidence file was not received. Please choose it again.",
      });
    }
  });
});

describe("downloading evidence", () => {
  it("gives a short-lived signed link that downloads the bytes as an attachment under the original name", async () => {
    const { key, fileName } = await Evidence.claim(await upload("details", "Reçu.pdf", PDF), "details", sortableId());
    const url = await Evidence.downloadUrl(key, fileName);
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("300");
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Re_u.pdf"; filename*=UTF-8''Re%C3%A7u.pdf`);
  });

  it("refuses a link to anything but a report's evidence", async () => {
    await expect(Evidence.downloadUrl("uploads/abc", "x.pdf")).rejects.toThrow(/not a report's evidence/);
  });
});

describe("deleting a report's evidence", () => {
  it("deletes every file under the report and nothing else", async () => {
    const [reportId, otherId] = [sortableId(), sortableId()];
    await Evidence.claim(await upload("details", "a.pdf", PDF), "details", reportId);
    await Evidence.claim(await upload("details", "b.png", PNG), "details", reportId);
    const other = await Evidence.claim(await upload("details", "c.png", PNG), "details", otherId);

    expect(await Evidence.deleteReportEvidence(reportId)).toBe(2);
    expect(await keysUnder(`reports/${reportId}/`)).toEqual([]);
    expect(await keysUnder(`reports/${otherId}/`)).toEqual([other.key]);
    expect(await Evidence.deleteReportEvidence(reportId)).toBe(0);
  });
});

describe("sweeping unclaimed uploads", () => {
  it("deletes uploads older than the age, keeping newer ones and claimed files", async () => {
    const claimed = await Evidence.claim(await upload("details", "kept.pdf", PDF), "details", sortableId());
    const oldId = await upload("details", "old.pdf", PDF);
    // s3rver's LastModified has whole seconds: leave more than one between the two uploads
    await new Promise((r) => setTimeout(r, 1600));
    const newerFrom = Date.now();
    const newId = await upload("details", "new.pdf", PDF);
    const day = 24 * 60 * 60 * 1000;

    // "now" a day after a moment between the two uploads: only the first is older than a day
    expect(await Evidence.sweepUploads({ now: newerFrom - 1100 + day })).toBe(1);
    expect(await exists(`uploads/${oldId}`)).toBe(false);
    expect(await exists(`uploads/${newId}`)).toBe(true);
    expect(await exists(claimed.key)).toBe(true);

    expect(await Evidence.sweepUploads({ olderThanMs: day })).toBe(0);
    expect(await exists(`uploads/${newId}`)).toBe(true);
  });
});
