import { describe, expect, it } from "vitest";
import { comparator, idFloor, sortRows } from "../src/signature/listing";
import { NAME_SEARCH, ORDERS, decodeRow, encodeRow, indexBucket, indexItem } from "../src/signature/index-item";
import { SIGNATURE_INDEX_BUCKETS } from "../src/db/keys";
import type { SignatureRow } from "../src/signature/record";
import { Petition } from "../src/petition";
import { containsFolded, pageOf } from "../src/util/page";
import { sortableId } from "../src/util/id";
import { DeleteAllInput } from "../src/signature/deletion";

const row = (id: string, extra: Partial<SignatureRow> = {}): SignatureRow => ({
  id,
  petitionId: "p1",
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  timeshareName: "",
  createdDate: "01/02/2026",
  createdTime: "10:00:00",
  createdAt: "2026-01-02T15:00:00.000Z",
  browser: "Chrome 126",
  deviceType: "Desktop",
  screenResolution: "1920x1080",
  timezone: "UTC",
  language: "en",
  city: "Orlando",
  region: "FL",
  country: "US",
  ipAddress: "1.2.3.4",
  status: "",
  ...extra,
});

describe("index items", () => {
  it("round-trip a row through the compact encoding", () => {
    const r = row("abc", { timeshareName: 'Sea "View"', city: "Zürich" });
    expect(decodeRow("p1", "abc", encodeRow(r))).toEqual(r);
  });
  it("pack a row in its stored order, and search names by their own partitions and e-mails by their order's buckets (signature/record.ts)", () => {
    const r = row("abc", { timeshareName: "Sea View", status: "verified" });
    expect(JSON.parse(encodeRow(r))).toEqual([
      "Ann",
      "Lee",
      "ann@example.com",
      "Sea View",
      "01/02/2026",
      "10:00:00",
      "2026-01-02T15:00:00.000Z",
      "Chrome 126",
      "Desktop",
      "1920x1080",
      "UTC",
      "en",
      "Orlando",
      "FL",
      "US",
      "1.2.3.4",
      "verified",
    ]);
    expect(Object.keys(ORDERS)).toEqual(["createdAt", "firstName", "lastName", "email", "timeshareName", "petitionId"]);
    expect(NAME_SEARCH.keys.map((k) => [k.slot, k.searchShards])).toEqual([
      [1, undefined],
      [2, undefined],
      [3, 0],
      [4, 0],
    ]);
    expect(indexItem({ ...r, wantsUpdates: true, meta: r } as never)).toMatchObject({ u: 1 });
  });
  it("spread ids evenly over the buckets, stably", () => {
    const counts = new Array(SIGNATURE_INDEX_BUCKETS).fill(0);
    for (let i = 0; i < 1000 * SIGNATURE_INDEX_BUCKETS; i++) counts[indexBucket(sortableId())]++;
    expect(Math.min(...counts)).toBeGreaterThan(800);
    expect(indexBucket("same")).toBe(indexBucket("same"));
  });
  it("idFloor is the smallest id of a moment", () => {
    const at = 1_700_000_000_000;
    expect(idFloor(at) <= sortableId(at)).toBe(true);
    expect(idFloor(at + 1) > sortableId(at)).toBe(true);
  });
});

describe("sorting rows", () => {
  const rows = [row("b", { lastName: "émile" }), row("a", { lastName: "Zed" }), row("c", { lastName: "adams" }), row("d", { lastName: "Emile" })];
  it("sorts names as the table does (case and accents ignored), ties by id", () => {
    expect(sortRows(rows, "lastName", "asc").map((r) => r.id)).toEqual(["c", "b", "d", "a"]);
    expect(sortRows(rows, "lastName", "desc").map((r) => r.id)).toEqual(["a", "d", "b", "c"]);
    expect(sortRows(rows, "createdAt", "desc").map((r) => r.id)).toEqual(["d", "c", "b", "a"]);
    expect(comparator("petitionId")(row("a", { petitionId: "x" }), row("b", { petitionId: "y" }))).toBe(-1);
  });
});

describe("pages and petition lists", () => {
  it("slices 1-based pages", () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual({ items: [3, 4], total: 5, page: 2, pageSize: 2 });
    expect(pageOf([1], 3, 2).items).toEqual([]);
    expect(containsFolded("AB", "xaby")).toBe(true);
    expect(containsFolded("12", 120)).toBe(true);
  });
  it("filters, sorts and pages petitions", () => {
    const p = (id: string, goal: number, signatureCount: number, createdAt: string) => ({
      id,
      title: `T ${id}`,
      story: "S",
      goal,
      signatureCount,
      pendingCount: 0,
      verifySignatures: false,
      milestones: [],
      createdAt,
    });
    const all = [p("a", 10, 5, "2026-01-01"), p("b", 30, 1, "2026-01-03"), p("c", 20, 9, "2026-01-02")];
    const q = Petition.AdminListQuery.parse({});
    expect(Petition.select(all, q).items.map((x) => x.id)).toEqual(["b", "c", "a"]);
    expect(Petition.select(all, { ...q, sort: "goal", order: "asc" }).items.map((x) => x.id)).toEqual(["a", "c", "b"]);
    expect(Petition.select(all, { ...q, search: "9" }).items.map((x) => x.id)).toEqual(["c"]);
  });
  it("validates goals with the spec's messages", () => {
    expect(Petition.UpdateGoalInput.safeParse({ goal: 0 }).success).toBe(true);
    expect(Petition.UpdateGoalInput.safeParse({ goal: -1 }).error?.issues[0].message).toBe("Goal must be at least 0");
    expect(Petition.AdminCreateInput.safeParse({ title: "t", story: "s", goal: "0" }).error?.issues[0].message).toBe("Goal must be at least 1");
    expect(Petition.AdminCreateInput.safeParse({ title: "t", story: "s", goal: "12" }).data?.goal).toBe(12);
  });
  it("accepts only CONFIRM for delete-all", () => {
    expect(DeleteAllInput.safeParse({ confirm: "CONFIRM" }).success).toBe(true);
    expect(DeleteAllInput.safeParse({ confirm: "confirm" }).error?.issues[0].message).toBe("Please type CONFIRM exactly to proceed");
  });
});
