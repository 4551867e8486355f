import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allOf, isYes, isoDay, oneOf, yesNo } from "../src/collection/filters";
import { indexLayout, packedCodec } from "../src/collection/index-rows";
import { exportQuery, listQuery } from "../src/collection/query";
import { amountOrder, comparatorOf, foldText, idOrder, lastWordKey, orderAttributes, prefixRange, textOrder } from "../src/collection/orders";
import { sortRows } from "../src/collection/sorts";
import { deleteAllInput } from "../src/collection/delete-all";

interface Item {
  id: string;
  name: string;
  status: string;
  amount: number;
  lost: boolean;
}

const item = (id: string, extra: Partial<Item> = {}): Item => ({ id, name: "Ann", status: "new", amount: 0, lost: false, ...extra });
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe("order keys (the table's orders)", () => {
  const rows = [item("b", { name: "émile", amount: 5 }), item("a", { name: "Zed", amount: 5 }), item("c", { name: "item 10" }), item("d", { name: "item 9" })];
  const byName = textOrder<Item>(1, (r) => r.name);
  const byAmount = amountOrder<Item>(2, (r) => (r.amount === 0 ? undefined : r.amount));
  it("fold text (accents, case, white space) and compare digits as text, ties by id", () => {
    expect(foldText("  Émile \t DE  la Tour\u0007 ")).toBe("emile de la tour");
    expect(ids(sortRows(rows, comparatorOf(byName), "asc"))).toEqual(["b", "c", "d", "a"]);
    expect(ids(sortRows(rows, comparatorOf(byName), "desc"))).toEqual(["a", "d", "c", "b"]);
    expect(ids(sortRows([item("y", { name: "Ann" }), item("x", { name: "ann" })], comparatorOf(byName), "asc"))).toEqual(["x", "y"]);
    // a name before its longer forms: "ann" < "ann b" < "annb"
    const names = ["annb", "ann b", "ann"].map((name, i) => item(String(i), { name }));
    expect(sortRows(names, comparatorOf(byName), "asc").map((r) => r.name)).toEqual(["ann", "ann b", "annb"]);
  });
  it("order amounts as numbers, a missing one lowest", () => {
    const amounts = [item("a", { amount: 100 }), item("b", { amount: 0 }), item("c", { amount: 9.5 }), item("d", { amount: 12_000 })];
    expect(ids(sortRows(amounts, comparatorOf(byAmount), "asc"))).toEqual(["b", "c", "a", "d"]);
  });
  it("write one attribute per slot, leaving out a search key with nothing to hold", () => {
    const last = lastWordKey<Item>(3, (r) => r.name);
    expect(orderAttributes({ byName, last, id: idOrder<Item>() }, item("x", { name: "Mary Ann Smith" }))).toEqual({
      o1: "mary ann smith\u0001x",
      o3: "smith mary ann\u0001x",
    });
    expect(orderAttributes({ byName, last }, item("x", { name: "Cher" }))).toEqual({ o1: "cher\u0001x" });
  });
});

describe("a prefix as a key range", () => {
  // DynamoDB compares string keys as UTF-8 bytes
  const inside = (key: string, from: string, to: string) =>
    Buffer.compare(Buffer.from(key), Buffer.from(from)) >= 0 && Buffer.compare(Buffer.from(key), Buffer.from(to)) <= 0;

  it("holds every key that starts with the prefix and no other", () => {
    const { values } = prefixRange("o2", "smi");
    const keys = [
      "smi",
      "smi\u0001id",
      "smith\u0001id",
      "smiz\u0001id",
      "smi\uffff",
      "smi😀\u0001id",
      "smiñ\u0001id",
      "sm\u0001id",
      "smj\u0001id",
      "sn",
      "smh~",
      "s",
    ];
    expect(keys.filter((k) => inside(k, values[":from"], values[":to"]))).toEqual(keys.filter((k) => k.startsWith("smi")));
    expect(prefixRange("o2", "smi").KeyConditionExpression).toBe("pk = :pk AND #o BETWEEN :from AND :to");
  });
});

describe("collection filters", () => {
  const Query = listQuery(["createdAt", "name"], "createdAt", {
    status: oneOf(["new", "spam"] as const, "Status"),
    lost: yesNo("Money lost"),
    from: isoDay("Date from"),
  });
  const message = (input: unknown) => Query.safeParse(input).error?.issues[0].message;

  it("parse the base fields with their defaults and the collection's own", () => {
    expect(Query.parse({})).toEqual({ search: "", sort: "createdAt", order: "desc", page: 1, pageSize: 50 });
    expect(Query.parse({ status: "spam", lost: "no", from: "2024-02-29", page: "2" })).toMatchObject({
      status: "spam",
      lost: "no",
      from: "2024-02-29",
      page: 2,
    });
  });
  it("refuse bad values with field messages", () => {
    expect(message({ status: "open" })).toBe("Status must be one of new, spam");
    expect(message({ lost: "maybe" })).toBe("Money lost must be yes or no");
    expect(message({ from: "01/02/2026" })).toBe("Date from must be a date (YYYY-MM-DD)");
    expect(message({ from: "2026-02-30" })).toBe("Date from must be a date (YYYY-MM-DD)");
    expect(message({ sort: "amount" })).toBe("Sort by createdAt, name");
    expect(message({ pageSize: 501 })).toBe("Page size must be at most 500");
  });
  it("export queries take pages of up to 1000 and an operation id", () => {
    const Export = exportQuery(Query);
    expect(Export.parse({ lost: "yes" })).toMatchObject({ lost: "yes", pageSize: 1000 });
    expect(Export.safeParse({ operationId: "x" }).error?.issues[0].message).toBe("Unknown operation");
  });
  it("combine only the predicates given", () => {
    expect(allOf<Item>(undefined, false, "")).toBeUndefined();
    const lost = allOf<Item>(undefined, (r) => r.lost === isYes("yes"));
    const both = allOf<Item>(
      (r) => r.lost,
      (r) => r.status === "spam",
    );
    expect([lost!(item("a", { lost: true })), lost!(item("a"))]).toEqual([true, false]);
    expect([both!(item("a", { lost: true, status: "spam" })), both!(item("a", { lost: true }))]).toEqual([true, false]);
  });
  it("delete-all input wants CONFIRM exactly, with the collection's fields", () => {
    const Input = deleteAllInput({ desk: z.string().optional() });
    expect(Input.parse({ confirm: "CONFIRM", desk: "east" })).toEqual({ confirm: "CONFIRM", desk: "east" });
    expect(Input.safeParse({ confirm: "confirm" }).error?.issues[0].message).toBe("Please type CONFIRM exactly to proceed");
  });
});

describe("collection index rows", () => {
  const codec = packedCodec<Item & { desk: string }, "name" | "status" | "amount" | "lost">(["name", "status", "amount", "lost"], (desk, id) => ({ id, desk }));
  it("round-trip strings, numbers and booleans through the packed array", () => {
    const row = { id: "x1", desk: "east", name: 'Sea "View", Zürich', status: "spam", amount: 1200, lost: false };
    const packed = codec.encode(row);
    expect(JSON.parse(packed)).toEqual(['Sea "View", Zürich', "spam", 1200, false]);
    expect(codec.decode("east", "x1", packed)).toEqual(row);
    // an older item without the last fields reads them as ""
    expect(codec.decode("east", "x2", '["Ann"]')).toEqual({ id: "x2", desk: "east", name: "Ann", status: "", amount: "", lost: "" });
  });
  it("spread ids over the part's buckets, stably, and key items by them", () => {
    const layout = indexLayout({ type: "demoIndex", buckets: 4, partition: (part, b) => `DEMO#${part}#${b}` });
    expect(layout.partitions("p")).toEqual(["DEMO#p#0", "DEMO#p#1", "DEMO#p#2", "DEMO#p#3"]);
    expect(layout.key("p", "abc")).toEqual({ pk: `DEMO#p#${layout.bucketOf("abc")}`, sk: "abc" });
    expect(layout.item("p", "abc", "[]")).toEqual({ ...layout.key("p", "abc"), type: "demoIndex", r: "[]" });
    const seen = new Set(Array.from({ length: 200 }, (_, i) => layout.bucketOf(`id-${i}`)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3]);
  });
});
