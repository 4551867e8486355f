/**
 * Issue 39, N11: evidence is scanned for malware before an administrator can open it. Locally the
 * stand-in scanner (evidence/local-scanner.ts, MALWARE_SCAN_DRIVER=local) plays GuardDuty Malware
 * Protection for S3: it reads each file a report claims, flags the EICAR test file, tags the object
 * as GuardDuty does and puts GuardDuty's result event on the local bus, where the same subscriber as
 * deployed (evidence-scan-result) records the verdict. The console's details and the download route
 * give a link only for a clean file.
 */
import { randomUUID } from "node:crypto";
import { GetObjectTaggingCommand } from "@aws-sdk/client-s3";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Bus } from "@site/core/bus";
import { resetSettings } from "@site/core/config";
import { db, table } from "@site/core/db/client";
import { Keys } from "@site/core/db/keys";
import { Evidence, ScanMessages } from "@site/core/evidence";
import { GUARDDUTY_SOURCE, SCAN_RESULT_DETAIL_TYPE, SCAN_STATUS_TAG } from "@site/core/evidence/scan-events";
import { s3 } from "@site/core/evidence/s3";
import { Report } from "@site/core/report";
import { EvidenceScans } from "@site/core/report/evidence-scan";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { sortableId } from "@site/core/util/id";
import type { ReportInput } from "@site/core/report/input";
import { handler as getReport } from "../../packages/functions/src/http/admin-report-get";
import { handler as downloadEvidence } from "../../packages/functions/src/http/admin-report-evidence-download";
import { handler as scanResult } from "../../packages/functions/src/events/evidence-scan-result";
import { routes, routeKey } from "../../packages/functions/src/routes";
import { EVENT_SOURCE, subscribers, subscribesTo } from "../../packages/functions/src/subscribers";
import { installLocalBus } from "../../scripts/local/bus";
import { adminClaims, asAdmin } from "../support/admin";
import { useOwnBucket } from "../support/own-bucket";
import { fullReport, minimalReport, PDF, postToBucket } from "../support/reports";

/**
 * The EICAR test string, built here from its two halves: no file of the repository holds it whole,
 * so a real scanner on a developer's machine has nothing to flag.
 */
const EICAR = ["X5O!P%@AP[4\\PZX54(P^)7CC)7}$", "EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"].join("");

const bus = installLocalBus({ retryDelaysMs: [50, 200] });
let BUCKET = "";
let admin: ReturnType<typeof asAdmin>;

beforeAll(async () => {
  BUCKET = await useOwnBucket("evidence-scan");
  admin = asAdmin((await adminClaims()).claims);
});
afterAll(() => bus.idle());

let clients = 0;
async function create(input: ReportInput) {
  const meta = metaDetails(fromHeaders({ "user-agent": "Mozilla/5.0 Chrome/126.0" }, "198.51.100.30"));
  return (await Report.create({ submission: Report.ReportInput.parse(input), client: `198.51.100.${++clients}`, meta })).report;
}

async function upload(purpose: "contactEmail" | "details", fileName: string, body: Uint8Array) {
  const presigned = await Evidence.presignUpload({ purpose, fileName, size: body.length });
  expect((await postToBucket(presigned, body, fileName)).status).toBe(204);
  return { uploadId: presigned.uploadId, fileName };
}

async function tagOf(key: string) {
  const res = await s3().send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: key }));
  return res.TagSet?.find((t) => t.Key === SCAN_STATUS_TAG)?.Value;
}

const details = (id: string) => admin(getReport, { id });
const download = (id: string, purpose: string) => admin(downloadEvidence, { id, params: { purpose } });

/** GuardDuty's result event for `key` as EventBridge delivers it (deployed times are whole seconds). */
function guardDutyEvent(key: string, status: string, time: string, scanStatus = "COMPLETED") {
  return {
    version: "0" as const,
    id: randomUUID(),
    "detail-type": SCAN_RESULT_DETAIL_TYPE,
    source: GUARDDUTY_SOURCE,
    account: "123456789012",
    time,
    region: "us-east-1",
    resources: ["arn:aws:guardduty:us-east-1:123456789012:malware-protection-plan/example"],
    detail: {
      schemaVersion: "1.0",
      scanStatus,
      resourceType: "S3_OBJECT",
      s3ObjectDetails: { bucketName: BUCKET, objectKey: key, eTag: "0123456789abcdef", versionId: null, s3Throttled: false },
      scanResultDetails: { scanResultStatus: status, threats: status === "THREATS_FOUND" ? [{ name: "EICAR-Test-File (not a virus)" }] : null },
    },
  };
}

describe("evidence scanned before anyone opens it", () => {
  it("declares the download route for administrators, and the subscriber of GuardDuty's results with the table only", () => {
    expect(routes.find((r) => routeKey(r) === "GET /api/admin/reports/{id}/evidence/{purpose}")).toMatchObject({
      access: "admin",
      needs: { table: "read", bucket: "read" },
    });
    const sub = subscribers.find((s) => s.name === "evidence-scan-result")!;
    expect(sub).toMatchObject({ source: "aws.guardduty", detailType: "GuardDuty Malware Protection Object Scan Result", needs: { table: "write" } });
    expect(subscribesTo(sub, { source: GUARDDUTY_SOURCE, "detail-type": SCAN_RESULT_DETAIL_TYPE })).toBe(true);
    expect(subscribesTo(sub, { source: EVENT_SOURCE, "detail-type": SCAN_RESULT_DETAIL_TYPE })).toBe(false);
  });

  it("quarantines an upload of the EICAR test file: tagged THREATS_FOUND, shown quarantined, its download refused; the clean file beside it downloads", async () => {
    const infected = Buffer.from(`Please pay the release fee.\r\n${EICAR}\r\n`);
    const report = await create(
      fullReport(`eicar-${randomUUID().slice(0, 6)}`, {
        contactEmail: await upload("contactEmail", "their-offer.pdf", PDF),
        details: await upload("details", "scam-letter.txt", infected),
      }),
    );
    await bus.idle();
    expect(bus.failures).toEqual([]);
    const keyOf = (purpose: string) => report.evidence.find((e) => e.purpose === purpose)!.key;

    // tagged as GuardDuty tags: the deployed bucket policy refuses every read of a THREATS_FOUND object
    expect(await tagOf(keyOf("details"))).toBe("THREATS_FOUND");
    expect(await tagOf(keyOf("contactEmail"))).toBe("NO_THREATS_FOUND");

    const res = await details(report.id);
    expect(res.statusCode).toBe(200);
    const byPurpose = Object.fromEntries(res.body.evidence.map((e: { purpose: string }) => [e.purpose, e]));
    expect(byPurpose.details).toEqual({
      purpose: "details",
      fileName: "scam-letter.txt",
      size: infected.length,
      contentType: "text/plain",
      scan: {
        state: "quarantined",
        status: "THREATS_FOUND",
        at: expect.any(String),
        threats: ["EICAR-Test-File (not a virus)"],
        message: "This file was quarantined: the malware scan found a threat.",
      },
    });
    expect(byPurpose.contactEmail).toMatchObject({ fileName: "their-offer.pdf", scan: { state: "clean", status: "NO_THREATS_FOUND" } });
    expect(byPurpose.contactEmail.scan.message).toBeUndefined();

    // the infected file: no link, and the download route says why
    expect(await download(report.id, "details")).toMatchObject({
      statusCode: 409,
      body: { error: "This file was quarantined: the malware scan found a threat." },
    });
    // the clean one: a link that downloads its bytes
    const ok = await download(report.id, "contactEmail");
    expect(ok).toMatchObject({ statusCode: 200, body: { fileName: "their-offer.pdf", expiresInSeconds: 300 } });
    for (const url of [ok.body.downloadUrl, byPurpose.contactEmail.downloadUrl]) {
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    }
  });

  it("refuses a file not scanned yet (every file stored before scanning began too); the scan's result, as GuardDuty sends it, opens it", async () => {
    // as deployed before this change, or before GuardDuty has answered: nothing scans it here
    process.env.MALWARE_SCAN_DRIVER = "guardduty";
    resetSettings();
    const report = await create(minimalReport(`pending-${randomUUID().slice(0, 6)}`, { evidence: { details: await upload("details", "receipt.pdf", PDF) } }));
    await bus.idle();
    process.env.MALWARE_SCAN_DRIVER = "local";
    resetSettings();
    const [file] = report.evidence;

    expect(await tagOf(file.key)).toBeUndefined();
    expect((await details(report.id)).body.evidence).toEqual([
      expect.objectContaining({ fileName: "receipt.pdf", scan: { state: "pending", message: ScanMessages.pending } }),
    ]);
    expect((await details(report.id)).body.evidence[0].downloadUrl).toBeUndefined();
    expect(await download(report.id, "details")).toMatchObject({
      statusCode: 409,
      body: { error: "This file has not been scanned yet: it can be downloaded once the malware scan says it is clean." },
    });

    await scanResult(guardDutyEvent(file.key, "NO_THREATS_FOUND", "2026-11-30T10:00:05Z"));
    expect(await download(report.id, "details")).toMatchObject({ statusCode: 200, body: { fileName: "receipt.pdf" } });

    // a late result from before changes nothing (events come at least once, in any order) ...
    await scanResult(guardDutyEvent(file.key, "THREATS_FOUND", "2026-11-30T10:00:01Z"));
    expect((await details(report.id)).body.evidence[0].scan).toMatchObject({ state: "clean", at: "2026-11-30T10:00:05Z" });
    // ... a later one (a scan asked for again) replaces it; a scan that could not judge the file closes it again
    await scanResult(guardDutyEvent(file.key, "FAILED", "2026-11-30T11:00:00Z", "FAILED"));
    expect((await details(report.id)).body.evidence[0].scan).toEqual({
      state: "unscanned",
      status: "FAILED",
      at: "2026-11-30T11:00:00Z",
      message: "This file could not be scanned (the scan failed), so it cannot be downloaded.",
    });
    expect(await download(report.id, "details")).toMatchObject({ statusCode: 409, body: { error: ScanMessages.unscanned("FAILED") } });
    // "clean" from a scan that did not complete is not believed
    await scanResult(guardDutyEvent(file.key, "NO_THREATS_FOUND", "2026-11-30T12:00:00Z", "SKIPPED"));
    expect((await details(report.id)).body.evidence[0].scan.state).toBe("unscanned");
  });

  it("retries a verdict whose report is not stored yet, and drops one whose report is gone", async () => {
    const young = sortableId();
    const key = `reports/${young}/${sortableId()}.pdf`;
    await expect(scanResult(guardDutyEvent(key, "NO_THREATS_FOUND", new Date().toISOString()))).rejects.toThrow(/not stored yet/);
    const old = sortableId(Date.now() - 2 * EvidenceScans.REPORT_WRITE_WINDOW_MS);
    await expect(scanResult(guardDutyEvent(`reports/${old}/${sortableId()}.pdf`, "THREATS_FOUND", new Date().toISOString()))).resolves.toBeUndefined();
    expect((await db().send(new GetCommand({ TableName: table(), Key: Keys.report(old) }))).Item).toBeUndefined();
    // not a report's file at all: ignored
    await expect(scanResult(guardDutyEvent("exports/abc.csv", "NO_THREATS_FOUND", new Date().toISOString()))).resolves.toBeUndefined();
  });

  it("answers 404 for a file the report does not have, and for no report", async () => {
    const report = await create(minimalReport(`none-${randomUUID().slice(0, 6)}`));
    expect(await download(report.id, "details")).toMatchObject({ statusCode: 404, body: { error: "This report has no such file" } });
    expect(await download(report.id, "../other")).toMatchObject({ statusCode: 404 });
    expect(await download("0000000000000000000aa", "details")).toMatchObject({ statusCode: 404, body: { error: "Report not found" } });
  });

  it("delivers the stand-in's results through the local bus as GuardDuty's events", async () => {
    const seen: string[] = [];
    const report = await create(
      minimalReport(`bus-${randomUUID().slice(0, 6)}`, { evidence: { details: await upload("details", "note.txt", Buffer.from("A plain note.\n")) } }),
    );
    await bus.idle();
    // the same shape a deployed rule matches: source aws.guardduty, GuardDuty's detail type
    Bus.deliverLocallyWith((envelope) => seen.push(`${envelope.source} ${envelope["detail-type"]}`));
    Evidence.scanLanded(report.evidence.map((e) => e.key));
    await Evidence.scansSettled();
    expect(seen).toEqual([`${GUARDDUTY_SOURCE} ${SCAN_RESULT_DETAIL_TYPE}`]);
  });
});
