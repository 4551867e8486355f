/**
 * The sweep of orphaned evidence (packages/core/src/report/orphan-evidence.ts): a folder
 * `reports/{reportId}/` whose report is not in the table, every file older than the grace period,
 * is deleted; a report's own folder, and an orphan whose files are (even partly) within the grace
 * period, are kept. Its own bucket and table: the sweep is bucket-wide.
 */
import { DeleteObjectsCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { DeleteCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, table } from "@site/core/db/client";
import { Evidence } from "@site/core/evidence";
import { s3 } from "@site/core/evidence/s3";
import { Report } from "@site/core/report";
import { ORPHAN_GRACE_MS, sweepOrphanEvidence } from "@site/core/report/orphan-evidence";
import { fromHeaders } from "@site/core/request/metadata";
import { metaDetails } from "@site/core/request/meta-details";
import { sortableId } from "@site/core/util/id";
import { useOwnBucket } from "../support/own-bucket";
import { minimalReport, PDF, PNG, postToBucket } from "../support/reports";
import { useOwnTable } from "../support/table-snapshot";

let bucketName: string;
beforeAll(async () => {
  await useOwnTable("orphan-evidence");
  bucketName = await useOwnBucket("orphan-evidence");
});

const meta = metaDetails(fromHeaders({ "user-agent": "vitest" }, "198.51.100.30"));

async function upload(purpose: "contactEmail" | "details", fileName: string, body: Uint8Array) {
  const presigned = await Evidence.presignUpload({ purpose, fileName, size: body.length });
  expect((await postToBucket(presigned, body, fileName)).status).toBe(204);
  return presigned.uploadId;
}

/** A report stored through Report.create, with one evidence file claimed under its folder. */
async function reportWithEvidence(n: string) {
  const uploadId = await upload("details", `${n}.png`, PNG);
  const submission = Report.ReportInput.parse(minimalReport(n, { evidence: { details: { uploadId, fileName: `${n}.png` } } }));
  return (await Report.create({ submission, client: `client-${n}`, meta })).report;
}

async function allKeys() {
  const res = await s3().send(new ListObjectsV2Command({ Bucket: bucketName }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}
const under = (keys: string[], reportId: string) => keys.filter((k) => k.startsWith(`reports/${reportId}/`));

describe("sweeping orphaned evidence", () => {
  it("deletes only the folders without their report whose files are all older than the grace period", async () => {
    // (a) a report and its file
    const kept = await reportWithEvidence("kept");
    // (b) a report removed the old way (its records first), the removal stopped before its file
    const removed = await reportWithEvidence("removed");
    for (const key of Report.removalKeys(removed)) await db().send(new DeleteCommand({ TableName: table(), Key: key }));
    // (b') files claimed for a report whose transaction never ran
    const neverWritten = sortableId();
    await Evidence.claim(await upload("details", "never.pdf", PDF), "details", neverWritten);
    // (d) an orphan with one old file, and below one within the grace period
    const mixed = sortableId();
    await Evidence.claim(await upload("contactEmail", "old.pdf", PDF), "contactEmail", mixed);
    const unclaimed = Evidence.uploadKey(await upload("details", "unclaimed.pdf", PDF));

    // s3rver's LastModified has whole seconds: leave more than one between the old files and the young
    await new Promise((r) => setTimeout(r, 1600));
    const youngFrom = Date.now();
    // (c) an orphan within the grace period: a report being written now
    const inProgress = sortableId();
    await Evidence.claim(await upload("details", "new.pdf", PDF), "details", inProgress);
    await Evidence.claim(await upload("details", "new.png", PNG), "details", mixed);

    const before = await allKeys();
    expect(under(before, kept.id)).toHaveLength(1);
    for (const id of [removed.id, neverWritten, inProgress]) expect(under(before, id), id).toHaveLength(1);
    expect(under(before, mixed)).toHaveLength(2);

    // "now" a grace period after a moment between the old files and the young
    const send = vi.spyOn(s3(), "send");
    let result, commands;
    try {
      result = await sweepOrphanEvidence({ now: youngFrom - 1100 + ORPHAN_GRACE_MS });
    } finally {
      commands = send.mock.calls.map(([c]) => c);
      send.mockRestore();
    }
    expect(result).toEqual({ folders: 5, orphans: 2, deleted: 2, young: 2 });
    // the folders from a delimited listing (s3rver answers every common prefix in one page; the
    // paging is packages/core/test/orphan-evidence.test.ts's), both orphans' files in one DeleteObjects
    expect(commands.filter((c) => c instanceof ListObjectsV2Command && c.input.Delimiter === "/")).toHaveLength(1);
    expect(commands.filter((c) => c instanceof DeleteObjectsCommand)).toHaveLength(1);

    const after = await allKeys();
    expect(after).toEqual(before.filter((k) => !k.startsWith(`reports/${removed.id}/`) && !k.startsWith(`reports/${neverWritten}/`)));
    expect(under(after, kept.id)).toEqual([kept.evidence[0].key]);
    expect(under(after, inProgress)).toHaveLength(1);
    expect(under(after, mixed)).toHaveLength(2);
    // unclaimed uploads are the lifecycle rule's
    expect(after).toContain(unclaimed);
    expect((await Report.fromID(kept.id)).evidence).toHaveLength(1);

    // at the real time, both remaining orphans are within the grace period; a second run deletes nothing
    expect(await sweepOrphanEvidence()).toEqual({ folders: 3, orphans: 0, deleted: 0, young: 2 });
    expect(await allKeys()).toEqual(after);
  });
});
