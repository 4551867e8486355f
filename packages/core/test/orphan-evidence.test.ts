import { DeleteObjectsCommand, ListObjectsV2Command, type _Object } from "@aws-sdk/client-s3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Evidence } from "../src/evidence";
import { reportIdOfPrefix } from "../src/evidence/keys";
import { s3 } from "../src/evidence/s3";
import { settledFiles } from "../src/report/orphan-evidence";

/** The orphaned-evidence sweep's pure parts, and its S3 paging against a stand-in for S3's answers (no network). */

afterEach(() => vi.restoreAllMocks());

const file = (key: string, lastModified?: number): _Object => ({ Key: key, LastModified: lastModified === undefined ? undefined : new Date(lastModified) });

describe("report folders", () => {
  it("names the report id of a folder as a delimited listing answers it, and nothing else", () => {
    expect(reportIdOfPrefix("reports/0mwrd2ewcabcdefghijkl/")).toBe("0mwrd2ewcabcdefghijkl");
    expect(reportIdOfPrefix("reports/0mwrd2ewcabcdefghijkl")).toBeUndefined();
    expect(reportIdOfPrefix("uploads/0mwrd2ewcabcdefghijkl/")).toBeUndefined();
    expect(reportIdOfPrefix("reports//")).toBeUndefined();
    expect(reportIdOfPrefix("reports/a b/")).toBeUndefined();
  });
});

describe("settledFiles", () => {
  const cutoff = Date.parse("2026-01-02T00:00:00Z");
  it("answers a folder's files only when every one is older than the cutoff", () => {
    const old = [file("reports/x/a.pdf", cutoff - 1), file("reports/x/b.png", cutoff - 86_400_000)];
    expect(settledFiles(old, cutoff)).toEqual(old);
    expect(settledFiles([...old, file("reports/x/c.pdf", cutoff)], cutoff)).toEqual([]);
    expect(settledFiles([...old, file("reports/x/c.pdf", cutoff + 1)], cutoff)).toEqual([]);
  });

  it("counts a file without a date as young", () => {
    expect(settledFiles([file("reports/x/a.pdf", cutoff - 1), file("reports/x/b.pdf")], cutoff)).toEqual([]);
  });
});

describe("the evidence bucket's paging", () => {
  it("lists the report folders page after page, by continuation token, with the delimiter", async () => {
    const pages = [
      { CommonPrefixes: [{ Prefix: "reports/0mwrd2ewcaaaaaaaaaaaa/" }, { Prefix: "reports/not an id/" }], IsTruncated: true, NextContinuationToken: "t1" },
      { CommonPrefixes: [{ Prefix: "reports/0mwrd2ewcbbbbbbbbbbbb/" }], IsTruncated: true, NextContinuationToken: "t2" },
      { CommonPrefixes: [{ Prefix: "reports/0mwrd2ewccccccccccccc/" }], IsTruncated: false },
    ];
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the SDK's send is typed with its callback overload last; this mock is the promise one
    const send = vi.spyOn(s3(), "send").mockImplementation(async () => pages.shift());
    const seen: string[][] = [];
    for await (const ids of Evidence.reportFolderPages()) seen.push(ids);
    expect(seen).toEqual([["0mwrd2ewcaaaaaaaaaaaa"], ["0mwrd2ewcbbbbbbbbbbbb"], ["0mwrd2ewccccccccccccc"]]);
    const inputs = send.mock.calls.map(([c]) => (c as ListObjectsV2Command).input);
    expect(inputs.map((i) => [i.Prefix, i.Delimiter, i.ContinuationToken])).toEqual([
      ["reports/", "/", undefined],
      ["reports/", "/", "t1"],
      ["reports/", "/", "t2"],
    ]);
  });

  it("deletes files 1,000 keys a DeleteObjects at most", async () => {
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- the SDK's send is typed with its callback overload last; this mock is the promise one
    const send = vi.spyOn(s3(), "send").mockImplementation(async () => ({}));
    const files = Array.from({ length: 2_345 }, (_, i) => file(`reports/0mwrd2ewcaaaaaaaaaaaa/${i}.pdf`, 0));
    expect(await Evidence.deleteFiles(files)).toBe(2_345);
    const batches = send.mock.calls.map(([c]) => (c as DeleteObjectsCommand).input.Delete!.Objects!.map((o) => o.Key));
    expect(send.mock.calls.every(([c]) => c instanceof DeleteObjectsCommand)).toBe(true);
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 345]);
    expect(batches.flat()).toEqual(files.map((f) => f.Key));
  });
});
