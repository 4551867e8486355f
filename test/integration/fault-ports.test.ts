/**
 * The injected faults at each port (FAULTS, packages/core/src/faults) behave as the real service's
 * would, and what they interrupt still happens exactly once: an event's deliveries failing before and
 * after the subscriber's work, a PutEvents entry rejected, Google's 429, S3's SlowDown.
 */
import { HeadBucketCommand } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Bus } from "@site/core/bus";
import { settings } from "@site/core/config";
import { Faults } from "@site/core/faults";
import { listOutbox } from "@site/core/mail/outbox";
import { Report } from "@site/core/report";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { Sheets } from "@site/core/sheets";
import { statusOf } from "@site/core/sheets/google-api";
import { s3 } from "@site/core/evidence/s3";
import { installLocalBus } from "../../scripts/local/bus";
import { useOwnBucket } from "../support/own-bucket";
import { useOwnTable } from "../support/own-table";
import { minimalReport } from "../support/reports";

const bus = installLocalBus({ retryDelaysMs: [20, 50, 100] });
let bucket = "";

beforeAll(async () => {
  await useOwnTable("fault-ports");
  bucket = await useOwnBucket("fault-ports");
});
afterEach(() => Faults.useFaults(undefined));
afterAll(() => bus.idle());

const mailTo = async (address: string) => (await listOutbox(settings().OUTBOX_DIR)).filter((m) => m.to.includes(address.toLowerCase()));

describe("an event's deliveries under faults", () => {
  it("sends the reporter's confirmation and the administrators' notice once, though one delivery failed before and one after its work", async () => {
    Faults.useFaults(Faults.parseFaults("lambda:error-after-work@1*1~report-confirmation,bus:delivery-fails@1*1~report-notify-admin"));
    const retriedBefore = bus.retried();
    // (the reporter asked for updates: their confirmation is sent)
    const input = minimalReport(`faulted-${Date.now()}`, { wantUpdates: true });
    const meta = metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "198.51.100.90"));
    const report = await Report.submit({ submission: Report.ReportInput.parse(input), client: "198.51.100.90", meta });
    await bus.idle();

    expect(Faults.injectedCounts()).toEqual({ "lambda:error-after-work": 1, "bus:delivery-fails": 1 });
    expect(bus.retried() - retriedBefore).toBeGreaterThanOrEqual(2);
    expect(bus.failures).toEqual([]);
    expect((await mailTo(input.reporter.email)).filter((m) => m.subject.includes(report.reference))).toHaveLength(1);
    expect((await mailTo("admins@example.org")).filter((m) => m.subject.includes(report.reference))).toHaveLength(1);
  });

  it("refuses an event as PutEvents refuses a throttled entry, and takes it on the next call", async () => {
    Faults.useFaults(Faults.parseFaults("bus:put-rejected@1*1"));
    const event = { id: `fault-${Date.now()}`, type: "test.unsubscribed", detail: {} };
    await expect(Bus.send([event])).rejects.toThrow(/PutEvents failed: .*ThrottlingException/);
    await expect(Bus.send([event])).resolves.toBeUndefined();
  });
});

describe("the other ports", () => {
  it("answers a sheet sync with Google's 429 (the status the sync reports), then writes the tab", async () => {
    Faults.useFaults(Faults.parseFaults("sheets:429@1*1"));
    const failed = await Sheets.replaceTab("Faults", ["a"], [["1"]]).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Sheets.SheetsError);
    expect(statusOf(failed)).toBe(429);
    await expect(Sheets.replaceTab("Faults", ["a"], [["1"]])).resolves.toMatchObject({ rows: 1 });
  });

  it("retries S3's SlowDown inside the SDK, as a real one", async () => {
    Faults.useFaults(Faults.parseFaults("s3:503@1*2"));
    const res = await s3().send(new HeadBucketCommand({ Bucket: bucket }));
    expect(res.$metadata.attempts).toBe(3);
    expect(Faults.injectedCounts()).toEqual({ "s3:503": 2 });
  });
});
