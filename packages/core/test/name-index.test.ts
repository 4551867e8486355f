import { describe, expect, it } from "vitest";
import {
  SEARCH_SHARDS,
  SHARED_KEY_SEARCH_SHARDS,
  nameIndex,
  nameQueries,
  searchAttributes,
  searchPartitions,
  searchShard,
  searchStart,
  sharedKey,
  orderOnlyKey,
} from "../src/collection/name-index";
import { foldText, lastWordKey, textOrder } from "../src/collection/orders";
import { TABLE_INDEXES, MAX_TABLE_INDEXES } from "../src/db/indexes";
import { fnv1a } from "../src/db/keys";
import { NAME_SEARCH as REPORT_NAME_SEARCH } from "../src/report/index-item";
import { NAME_SEARCH as SIGNATURE_NAME_SEARCH } from "../src/signature/index-item";

interface Person {
  id: string;
  desk: string;
  name: string;
  email: string;
}

const byName = textOrder<Person>(1, (r) => r.name);
const byLastWord = lastWordKey<Person>(2, (r) => r.name);
const byEmail = textOrder<Person>(3, (r) => r.email);
const index = nameIndex<Person>((desk) => `PIDX#${desk}`, [byName, byLastWord, byEmail]);
const person = (id: string, name: string, email = ""): Person => ({ id, desk: "east", name, email });

describe("a word's start (the search partition it names)", () => {
  it("is its first two folded characters, or nothing for a shorter word", () => {
    expect(searchStart(foldText("Émile"))).toBe("em");
    expect(searchStart(foldText("ÅSA"))).toBe("as");
    expect(searchStart("jo")).toBe("jo");
    expect(searchStart("j")).toBeUndefined();
    expect(searchStart("")).toBeUndefined();
    // a key whose first word is one letter: no word of a search (never holding a space) starts it beyond that letter
    expect(searchStart("j smith")).toBeUndefined();
    // characters, not UTF-16 units: an emoji is one
    expect(searchStart("😀x")).toBe("😀x");
    expect(searchStart("😀")).toBeUndefined();
  });

  it("is spread over SEARCH_SHARDS shards by the id", () => {
    expect(SEARCH_SHARDS).toBe(4);
    const ids = Array.from({ length: 4000 }, (_, i) => `0mwz9xe6b${i.toString(36).padStart(12, "0")}`);
    const counts = Array.from({ length: SEARCH_SHARDS }, (_, shard) => ids.filter((id) => searchShard(id) === shard).length);
    for (const n of counts) expect(n).toBeGreaterThan(800);
    expect(searchShard("abc")).toBe(fnv1a("abc") % SEARCH_SHARDS);
    expect(searchShard("abc", 16)).toBe(fnv1a("abc") % 16);
  });
});

describe("the search attributes of a row", () => {
  it("name the part, the key's start and the shard, and sort by the key as its order holds it", () => {
    const row = person("x1", "Mary Ann Smith", "M.Smith@Example.com");
    const shard = searchShard("x1");
    expect(searchAttributes(index, "east", row)).toEqual({
      s1: `PIDX#east#ma#${shard}`,
      w1: "mary ann smith\u0001x1",
      s2: `PIDX#east#sm#${shard}`,
      w2: "smith mary ann\u0001x1",
      s3: `PIDX#east#m.#${shard}`,
      w3: "m.smith@example.com\u0001x1",
    });
    // the sort attribute is the order attribute's value
    expect(searchAttributes(index, "east", row).w1).toBe(byName.key(row));
  });

  it("leave out keys too short for a start, empty keys and absent search-only keys", () => {
    expect(searchAttributes(index, "east", person("x2", "J", ""))).toEqual({});
    // one word: no last-word key; e-mail empty
    expect(Object.keys(searchAttributes(index, "east", person("x3", "Cher")))).toEqual(["s1", "w1"]);
    expect(searchAttributes(index, "east", person("x4", "J Smith")).s1).toBeUndefined();
    expect(searchAttributes(index, "east", person("x4", "J Smith")).s2).toBe(`PIDX#east#sm#${searchShard("x4")}`);
  });

  it("are at most six keys per kind (the table's byS1 … byS6) within DynamoDB's 20 indexes", () => {
    expect(() =>
      nameIndex<Person>(
        () => "P",
        Array.from({ length: 7 }, () => byName),
      ),
    ).toThrow(/at most 6/);
    expect(REPORT_NAME_SEARCH.keys).toHaveLength(6);
    expect(TABLE_INDEXES.length).toBeLessThanOrEqual(MAX_TABLE_INDEXES);
    expect(TABLE_INDEXES.filter((i) => i.name.startsWith("byS")).map((i) => [i.pk, i.sk])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [`s${n}`, `w${n}`]));
  });
});

describe("a name search's queries", () => {
  const buckets = Array.from({ length: 32 }, (_, b) => `PIDX#east#${b}`);
  it("read SEARCH_SHARDS search partitions per key and part for a word of two characters or more", () => {
    expect(searchPartitions(index, "east", "smi", 0)).toEqual([0, 1, 2, 3].map((s) => `PIDX#east#sm#${s}`));
    const queries = nameQueries(index, ["east"], buckets, "smi", 1000);
    expect(queries).toHaveLength(3 * SEARCH_SHARDS);
    expect(new Set(queries.map((q) => q.index))).toEqual(new Set(["byS1", "byS2", "byS3"]));
    expect(queries[0]).toMatchObject({ index: "byS1", pk: "PIDX#east#sm#0", limit: 251 });
    expect(queries[0]!.range.KeyConditionExpression).toBe("#p = :pk AND #o BETWEEN :from AND :to");
    expect(queries[0]!.range.ExpressionAttributeNames).toEqual({ "#p": "s1", "#o": "w1" });
    expect(queries[0]!.range.values).toEqual({ ":from": "smi", ":to": "smi\u{10FFFF}" });
    // two parts: each part's partitions, each query a smaller share
    const two = nameQueries(index, ["east", "west"], buckets, "smi", 1000);
    expect(two).toHaveLength(3 * 2 * SEARCH_SHARDS);
    expect(two[0]!.limit).toBe(126);
  });

  it("keep today's path for a one-letter word: one query per key and bucket on the order index", () => {
    expect(searchPartitions(index, "east", "s", 0)).toBeUndefined();
    const queries = nameQueries(index, ["east"], buckets, "s", 1000);
    expect(queries).toHaveLength(3 * 32);
    expect(queries[0]).toMatchObject({ index: "byO1", pk: "PIDX#east#0", limit: 33 });
    expect(queries[0]!.range.KeyConditionExpression).toBe("pk = :pk AND #o BETWEEN :from AND :to");
  });

  it("spread a key every record may share over more shards, each query a smaller share", () => {
    const shared = nameIndex<Person>((desk) => `PIDX#${desk}`, [byName, sharedKey(byEmail)]);
    const row = person("x9", "Ann", "info@example.com");
    expect(searchAttributes(shared, "east", row).s2).toBe(`PIDX#east#in#${searchShard("x9", SHARED_KEY_SEARCH_SHARDS)}`);
    expect(searchAttributes(shared, "east", row).s1).toBe(`PIDX#east#an#${searchShard("x9")}`);
    const queries = nameQueries(shared, ["east"], buckets, "info", 1000);
    expect(queries.filter((q) => q.index === "byS2").map((q) => q.pk)).toEqual(Array.from({ length: 16 }, (_, s) => `PIDX#east#in#${s}`));
    expect(queries.find((q) => q.index === "byS2")!.limit).toBe(64);
  });

  it("a signature search is the names' 2 keys × 4 shards and the e-mail's and timeshare name's 32 buckets each, instead of 4 keys × 32 buckets", () => {
    const petitionBuckets = Array.from({ length: 32 }, (_, b) => `SIGIDX#p1#${b}`);
    const queries = nameQueries(SIGNATURE_NAME_SEARCH, ["p1"], petitionBuckets, "hern", 1000);
    expect(queries).toHaveLength(2 * 4 + 2 * 32);
    expect(new Set(queries.map((q) => q.index))).toEqual(new Set(["byS1", "byS2", "byO3", "byO4"]));
    expect(nameQueries(SIGNATURE_NAME_SEARCH, ["p1"], petitionBuckets, "h", 1000)).toHaveLength(128);
  });

  it("an order-only key writes no search entry and is searched through its order index", () => {
    const row = { id: "x9", name: "Maria", email: "maria@example.com" };
    const index = nameIndex<typeof row>((desk) => `PIDX#${desk}`, [textOrder(1, (r) => r.name), orderOnlyKey(textOrder(2, (r) => r.email))]);
    expect(Object.keys(searchAttributes(index, "east", row)).sort()).toEqual(["s1", "w1"]);
    const queries = nameQueries(index, ["east"], ["PIDX#east#0", "PIDX#east#1"], "mar", 100);
    expect(queries.filter((q) => q.index === "byO2").map((q) => q.pk)).toEqual(["PIDX#east#0", "PIDX#east#1"]);
  });
});
