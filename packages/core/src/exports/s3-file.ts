import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
} from "@aws-sdk/client-s3";
import { bucket, s3 } from "../evidence/s3";

/** A part's size: S3 wants at least 5 MiB for every part but the last, and at most 10,000 parts (80 GiB here). */
export const PART_BYTES = 8 * 1024 * 1024;

/**
 * A file written into the private bucket as it is produced: text is gathered until a part's worth,
 * then sent as one part of a multipart upload, so a file of any size needs one part of memory. A file
 * smaller than a part is one PutObject. `abort` drops an unfinished upload (S3 would keep its parts).
 */
export class S3File {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private uploadId: string | undefined;
  private parts: CompletedPart[] = [];
  bytes = 0;

  constructor(
    readonly key: string,
    private readonly contentType: string,
    /** a part's size: PART_BYTES; tests lower it (S3 itself refuses parts under 5 MiB but the last, s3rver does not) */
    private readonly partBytes = PART_BYTES,
  ) {}

  /** Text is written as UTF-8; bytes (a PDF) as they are. */
  async write(data: string | Uint8Array): Promise<void> {
    if (!data.length) return;
    const chunk = typeof data === "string" ? Buffer.from(data, "utf8") : Buffer.from(data);
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.bytes += chunk.length;
    if (this.buffered >= this.partBytes) await this.sendPart();
  }

  async close(): Promise<{ key: string; bytes: number }> {
    if (this.uploadId === undefined) {
      await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: this.key, Body: this.take(), ContentType: this.contentType }));
    } else {
      if (this.buffered > 0) await this.sendPart();
      await s3().send(new CompleteMultipartUploadCommand({ Bucket: bucket(), Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }));
    }
    return { key: this.key, bytes: this.bytes };
  }

  async abort(): Promise<void> {
    if (this.uploadId !== undefined) await s3().send(new AbortMultipartUploadCommand({ Bucket: bucket(), Key: this.key, UploadId: this.uploadId }));
    this.chunks = [];
    this.buffered = 0;
  }

  private take(): Buffer {
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    this.buffered = 0;
    return body;
  }

  private async sendPart(): Promise<void> {
    if (this.uploadId === undefined) {
      const created = await s3().send(new CreateMultipartUploadCommand({ Bucket: bucket(), Key: this.key, ContentType: this.contentType }));
      this.uploadId = created.UploadId!;
    }
    const PartNumber = this.parts.length + 1;
    const res = await s3().send(new UploadPartCommand({ Bucket: bucket(), Key: this.key, UploadId: this.uploadId, PartNumber, Body: this.take() }));
    this.parts.push({ PartNumber, ETag: res.ETag });
  }
}
