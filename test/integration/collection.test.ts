import { randomUUID } from "node:crypto";
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Collection } from "@site/core/collection";
import { resetSettings } from "@site/core/config";
import { putAll } from "@site/core/db/batch";
import { db, table } from "@site/core/db/client";
import { auditedPerson } from "@site/core/db/person-index";
import { queryAll, queryCount } from "@site/core/db/query";
import { sortableId } from "@site/core/util/id";
import { collect } from "../support/rows";

/**
 * The generic admin-collection module on a collection that is not signatures: triage "cases" (a
 * status that changes, yes/no and date filters, search over several fields), one part per desk.
 * Records live under `TESTREC#<run>#<desk>`, their index rows under `TESTIDX#<run>#<desk>#<b>`,
 * and each desk's count on its `TESTCOL#<run>#<desk>` item.
 */
const STATUSES = ["new", "in_review", "resolved", "spam"] as const;
type Status = (typeof STATUSES)[number];

interface CaseRow {
  id: string;
  desk: string;
  title: string;
  reporter: string;
  status: Status;
  moneyLost: boolean;
  /** YYYY-MM-DD */
  occurred: string;
  createdAt: string;
}

const run = randomUUID().slice(0, 8);
const DESKS = ["east", "west"];
const layout = Collection.indexLayout({ type: "testIndex", buckets: 4, partition: (desk, b) => `TESTIDX#${run}#${desk}#${b}` });
const codec = Collection.packedCodec<CaseRow, Exclude<keyof CaseRow, "id" | "desk">>(
  ["title", "reporter", "status", "moneyLost", "occurred", "createdAt"],
  (desk, id) => ({ id, desk }),
);
const metaKey = (desk: string) => ({ pk: `TESTCOL#${run}#${desk}`, sk: "META" });
const recordKey = (desk: string, id: string) => ({ pk: `TESTREC#${run}#${desk}`, sk: id });

const ORDERS = {
  createdAt: Collection.idOrder<CaseRow>(),
  title: Collection.textOrder<CaseRow>(1, (r) => r.title),
  status: Collection.valueOrder<CaseRow>(2, (r) => r.status),
  // desk after desk, each desk's rows by id: from the index rows' own partitions, no index entry
  desk: Collection.partOrder<CaseRow>((r) => r.desk),
};
const SEARCH_KEYS = { reporter: Collection.textOrder<CaseRow>(3, (r) => r.reporter) };
const NAME_SEARCH = Collection.nameIndex<CaseRow>((desk) => `TESTIDX#${run}#${desk}`, [ORDERS.title, SEARCH_KEYS.reporter]);
/** An index row with its order and search attributes, as a kind's index item writes it. */
const indexItem = (r: CaseRow) => ({
  ...layout.item(r.desk, r.id, codec.encode(r)),
  ...Collection.orderAttributes({ ...ORDERS, ...SEARCH_KEYS }, r),
  ...Collection.searchAttributes(NAME_SEARCH, r.desk, r),
});

const cases = Collection.defineCollection({
  name: `cases-${run}`,
  orders: ORDERS,
  nameSearch: NAME_SEARCH,
  defaultSort: "createdAt",
  filters: {
    desk: z.enum(DESKS as [string, ...string[]]).optional(),
    status: Collection.oneOf(STATUSES, "Status"),
    moneyLost: Collection.yesNo("Money lost"),
    occurredFrom: Collection.isoDay("Date from"),
    occurredTo: Collection.isoDay("Date to"),
  },
  scopeOf: (q) => q.desk,
  predicate: ({ status, moneyLost, occurredFrom, occurredTo }) =>
    Collection.allOf<CaseRow>(
      status && ((r) => r.status === status),
      moneyLost && ((r) => r.moneyLost === Collection.isYes(moneyLost)),
      occurredFrom && ((r) => r.occurred >= occurredFrom),
      occurredTo && ((r) => r.occurred <= occurredTo),
    ),
  parts: (desk) => (desk ? [desk] : DESKS),
  partitions: layout.partitions,
  decode: (desk: string, id: string, packed: string): CaseRow => codec.decode(desk, id, packed),
  count: async (desk) => {
    const res = await db().send(new GetCommand({ TableName: table(), Key: metaKey(desk), ConsistentRead: true }));
    return res.Item ? Number(res.Item.count ?? 0) : undefined;
  },
});

let made = 0;
function caseRow(desk: string, extra: Partial<CaseRow> = {}, at = Date.now()): CaseRow {
  const n = made++;
  return {
    id: sortableId(at + n),
    desk,
    title: `Case ${n}`,
    reporter: `reporter${n}@example.com`,
    status: STATUSES[n % STATUSES.length],
    moneyLost: n % 2 === 0,
    occurred: `2026-01-${String((n % 28) + 1).padStart(2, "0")}`,
    createdAt: new Date(at + n).toISOString(),
    ...extra,
  };
}

/** Writes the records and their index rows, then counts them (as a bulk import would). */
async function add(desk: string, rows: CaseRow[]) {
  await putAll(rows.flatMap((r) => [{ ...recordKey(desk, r.id), type: "testRecord" }, indexItem(r)]));
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: metaKey(desk),
      UpdateExpression: "ADD #count :n",
      ExpressionAttributeNames: { "#count": "count" },
      ExpressionAttributeValues: { ":n": rows.length },
    }),
  );
}

/** A status change: the index row rewritten. */
async function changeStatus(row: CaseRow, status: Status): Promise<{ row: CaseRow }> {
  const next = { ...row, status };
  await db().send(new PutCommand({ TableName: table(), Item: indexItem(next) }));
  return { row: next };
}

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
/** By title as the table orders it: case ignored, numbers as numbers, ties by id. */
const sortByTitle = (rows: readonly CaseRow[]) => [...rows].sort(Collection.comparatorOf(ORDERS.title));

describe("an admin collection defined with the generic module", () => {
  const east = Array.from({ length: 24 }, () => caseRow("east"));
  const west = Array.from({ length: 6 }, () => caseRow("west", { title: "Western case", reporter: "Zoë Adams" }));

  it("answers the default order from the table, page after page by its cursors, without loading the rows into memory", async () => {
    await add("east", east);
    await add("west", west);
    const seen: string[] = [];
    let page = await cases.list({ desk: "east", pageSize: 5 });
    expect(page).toMatchObject({ total: 24, page: 1, prev: null });
    for (;;) {
      seen.push(...ids(page.items));
      if (!("next" in page) || page.next === null) break;
      page = await cases.list({ desk: "east", pageSize: 5, after: page.next });
    }
    expect(seen).toEqual(ids(east).reverse());

    // newer from the third page is the second; a numbered page passes over the rows before it
    const second = await cases.list({ desk: "east", pageSize: 5, page: 2 });
    const third = await cases.list({ desk: "east", pageSize: 5, after: (second as { next: string }).next });
    const back = await cases.list({ desk: "east", pageSize: 5, before: (third as { prev: string }).prev });
    expect(ids(back.items)).toEqual(ids(second.items));
    expect(ids(second.items)).toEqual(ids(east).reverse().slice(5, 10));
    // newer from the second page is the first, whole, with no page before it
    const first = await cases.list({ desk: "east", pageSize: 5, before: (back as { prev: string }).prev });
    expect(first).toMatchObject({ page: 1, prev: null });
    expect(ids(first.items)).toEqual(ids(east).reverse().slice(0, 5));

    // every desk merged, oldest first
    const all = await cases.list({ order: "asc", pageSize: 30 });
    expect(all).toMatchObject({ total: 30, next: null });
    expect(ids(all.items)).toEqual([...ids(east), ...ids(west)].sort());
    // a cursor taken in another order starts over from the top; a forged one is refused
    expect(ids((await cases.list({ desk: "east", pageSize: 5, order: "asc", after: (second as { next: string }).next })).items)).toEqual(ids(east).slice(0, 5));
    await expect(cases.list({ desk: "east", after: "bm90LWpzb24" })).rejects.toThrow("Unknown page cursor");
    // a search still answers (from the rows in memory, for now)
    expect((await cases.list({ desk: "west", search: "zoë" })).total).toBe(6);
  });

  it("sorts with ties broken by id, and pages through every row exactly once", async () => {
    const byTitle = (await cases.list({ sort: "title", order: "asc", pageSize: 30 })).items;
    expect(byTitle).toHaveLength(30);
    // the western cases share one title: their ids keep creation order
    expect(ids(byTitle.filter((r) => r.desk === "west"))).toEqual(ids(west));
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...ids((await cases.list({ sort: "status", order: "desc", page, pageSize: 8 })).items));
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  it("serves every order from the table, the other orders from their global index, page after page", async () => {
    for (const order of ["asc", "desc"] as const) {
      const seen: string[] = [];
      let page = await cases.list({ sort: "title", order, pageSize: 7 });
      for (;;) {
        seen.push(...ids(page.items));
        if (!("next" in page) || page.next === null) break;
        page = await cases.list({ sort: "title", order, pageSize: 7, after: page.next });
      }
      const expected = ids(sortByTitle([...east, ...west]));
      expect(seen).toEqual(order === "asc" ? expected : expected.reverse());
    }
    const titles = (await cases.list({ sort: "title", order: "asc", pageSize: 30 })).items.map((r) => r.title);
    // case ignored; digits compare as text (as DynamoDB compares keys): "Case 10" before "Case 2"
    expect(titles.indexOf(east[10].title)).toBeLessThan(titles.indexOf(east[2].title));
  });

  it("serves the part order from the index rows' own partitions, desk after desk, page after page in both directions", async () => {
    for (const order of ["asc", "desc"] as const) {
      const seen: string[] = [];
      let page = await cases.list({ sort: "desk", order, pageSize: 7 });
      for (;;) {
        seen.push(...ids(page.items));
        if (!("next" in page) || page.next === null) break;
        page = await cases.list({ sort: "desk", order, pageSize: 7, after: page.next });
      }
      const expected = [...ids(east), ...ids(west)];
      expect(seen).toEqual(order === "asc" ? expected : expected.reverse());
    }
    // a page before a cursor that crossed from one desk to the next
    const second = await cases.list({ sort: "desk", order: "asc", pageSize: 20, page: 2 });
    expect(second.items.map((r) => r.desk)).toEqual(["east", "east", "east", "east", "west", "west", "west", "west", "west", "west"]);
    const back = await cases.list({ sort: "desk", order: "asc", pageSize: 10, before: (second as { prev: string }).prev });
    expect(ids(back.items)).toEqual(ids(east).slice(10, 20));
    // rows read by key sort the same way
    expect(ids(await cases.query({ search: "western", sort: "desk", order: "desc" }))).toEqual(ids(west).reverse());
  });

  it("searches the start of the words of its name keys, case-insensitively", async () => {
    expect(ids(await cases.query({ search: "  CASE 1 ", sort: "createdAt", order: "asc" }))).toEqual(ids(east.filter((r) => r.title.startsWith("Case 1"))));
    expect((await cases.query({ search: "REPORTER3@", sort: "createdAt", order: "asc" })).map((r) => r.reporter)).toEqual(
      east.filter((r) => r.reporter.startsWith("reporter3")).map((r) => r.reporter),
    );
    expect(await cases.query({ search: "nobody", sort: "createdAt", order: "asc" })).toEqual([]);
  });

  it("filters by status, yes/no and a date range, as it reads the table", async () => {
    const q = { sort: "createdAt" as const, order: "asc" as const, desk: "east", pageSize: 500 };
    const rowsOf = async (filters: Record<string, string>) => ids((await cases.list({ ...q, ...filters })).items);
    for (const status of STATUSES) expect(await rowsOf({ status })).toEqual(ids(east.filter((r) => r.status === status)));
    expect(await rowsOf({ moneyLost: "no" })).toEqual(ids(east.filter((r) => !r.moneyLost)));
    expect(await rowsOf({ occurredFrom: "2026-01-05", occurredTo: "2026-01-08", moneyLost: "yes" })).toEqual(
      ids(east.filter((r) => r.occurred >= "2026-01-05" && r.occurred <= "2026-01-08" && r.moneyLost)),
    );
    // a filtered page from the table, its matches counted by reading the desk (smaller than the read budget)
    const page = await cases.list({ desk: "east", status: "spam", pageSize: 2, page: 2 });
    expect(page.total).toBe(east.filter((r) => r.status === "spam").length);
    expect(page).not.toHaveProperty("filtered");
    expect(ids(page.items)).toEqual(ids(east.filter((r) => r.status === "spam").reverse()).slice(2, 4));
    // a filter that reads past its budget answers a short page and goes on from where it stopped
    const spam = east.filter((r) => r.status === "spam").reverse();
    const seen: string[] = [];
    let cursor: string | undefined;
    let short = 0;
    process.env.ADMIN_FILTER_MAX_READS = "3";
    resetSettings();
    try {
      for (let i = 0; i < 40; i++) {
        const step = (await cases.list({ desk: "east", status: "spam", pageSize: 2, after: cursor })) as { items: CaseRow[]; next: string | null };
        // past the budget nothing counts the matches: the total is the desk's, marked filtered
        expect(step).toMatchObject({ total: east.length, filtered: true });
        seen.push(...ids(step.items));
        if (step.next && step.items.length < 2) short++;
        if (!step.next) break;
        cursor = step.next;
      }
    } finally {
      delete process.env.ADMIN_FILTER_MAX_READS;
      resetSettings();
    }
    expect(seen).toEqual(ids(spam));
    expect(short, "pages cut short by the read budget").toBeGreaterThan(0);
  });

  it("exports pages of the filtered order and describes the query for the audit trail", async () => {
    const first = await cases.exportPage({ moneyLost: "yes", sort: "title", order: "asc" });
    expect(first.pageSize).toBe(1000);
    expect(first.total).toBe([...east, ...west].filter((r) => r.moneyLost).length);
    expect(ids(first.items)).toEqual(ids(sortByTitle([...east, ...west].filter((r) => r.moneyLost))));
    // the audit trail names a search by its kind: never a person's name or address in clear
    expect(cases.describe({ desk: "east", search: "x", status: "new" })).toBe("east (search by the start of a name) (status=new)");
    expect(cases.describe({ desk: "east", search: "TSR-7K3M", status: "new" })).toBe('east (search "tsr-7k3m") (status=new)');
    const address = "Someone.Else@Example.org";
    expect(cases.describe({ desk: "east", search: address, status: "new" })).toBe(`east (search by e-mail (${auditedPerson(address)})) (status=new)`);
    expect(cases.describe({ search: "" })).toBe(`all cases-${run}`);
  });

  it("shows an addition, a status change (in its order and filter) and a deletion on the next read", async () => {
    const q = { sort: "createdAt" as const, order: "desc" as const, desk: "west", pageSize: 500 };
    const late = caseRow("west", { title: "Late case" });
    await add("west", [late]);
    expect(ids((await cases.list(q)).items)[0]).toBe(late.id);

    const { row } = await changeStatus(late, "spam");
    expect(ids((await cases.list({ ...q, status: "spam" })).items)).toContain(late.id);
    const byStatus = (await cases.list({ ...q, sort: "status", order: "asc" })).items;
    expect(byStatus.find((r) => r.id === late.id)).toMatchObject({ status: row.status });
    expect(byStatus.map((r) => r.status)).toEqual([...byStatus.map((r) => r.status)].sort());

    const victim = east[3];
    await db().send(new DeleteCommand({ TableName: table(), Key: layout.key("east", victim.id) }));
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: metaKey("east"),
        UpdateExpression: "ADD #count :minus",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: { ":minus": -1 },
      }),
    );
    const eastNow = await cases.list({ ...q, desk: "east", sort: "title" });
    expect(ids(eastNow.items)).not.toContain(victim.id);
    expect(eastNow.total).toBe(23);
    expect(await collect(cases.stream("east"))).toHaveLength(23);
  });
});

describe("the order keys' backfill", () => {
  it("gives rows written before the order indexes their keys, once, so sorted pages and name searches find them", async () => {
    const desk = "west";
    const rows = [caseRow(desk, { title: "Old Walnut case" }), caseRow(desk, { title: "Old Acorn case" })];
    const byTitle = async () =>
      ids((await cases.list({ desk, sort: "title", order: "asc", pageSize: 500 })).items).filter((id) => rows.some((r) => r.id === id));
    // as an older writer stored them: no order or name keys
    await putAll(rows.flatMap((r) => [{ ...recordKey(desk, r.id), type: "testRecord" }, layout.item(desk, r.id, codec.encode(r))]));
    expect(await byTitle()).toEqual([]);
    expect((await cases.list({ desk, search: "old walnut" })).items).toEqual([]);

    const first = await cases.backfillOrderKeys();
    expect(first.updated).toBe(2);
    expect(await byTitle()).toEqual([rows[1]!.id, rows[0]!.id]);
    expect(ids((await cases.list({ desk, search: "old walnut" })).items)).toEqual([rows[0]!.id]);
    expect((await cases.backfillOrderKeys()).updated, "a second run writes nothing").toBe(0);
  });

  it("gives rows written before the search indexes their search keys, so a name search finds them", async () => {
    const desk = "east";
    const row = caseRow(desk, { title: "Quince orchard case", reporter: "quentin@example.com" });
    // as a writer between the order and the search indexes stored it: order keys, no search keys
    const older = { ...layout.item(desk, row.id, codec.encode(row)), ...Collection.orderAttributes({ ...ORDERS, ...SEARCH_KEYS }, row) };
    await putAll([{ ...recordKey(desk, row.id), type: "testRecord" }, older]);
    expect((await cases.list({ desk, search: "quince" })).items).toEqual([]);
    // a one-letter word still reads the order indexes: found there already
    expect(ids((await cases.list({ desk, search: "q" })).items)).toContain(row.id);

    expect((await cases.backfillOrderKeys()).updated).toBe(1);
    const stored = await db().send(new GetCommand({ TableName: table(), Key: layout.key(desk, row.id), ConsistentRead: true }));
    expect(stored.Item).toMatchObject(Collection.searchAttributes(NAME_SEARCH, desk, row));
    expect(ids((await cases.list({ desk, search: "quince" })).items)).toEqual([row.id]);
    expect(ids((await cases.list({ desk, search: "quen" })).items)).toEqual([row.id]);
    expect((await cases.backfillOrderKeys()).updated, "a second run writes nothing").toBe(0);
  });
});

describe("the generic chunked delete-all", () => {
  const desk = `del-${run}`;
  const deletion: Collection.ChunkedDeleteDef<string> = {
    groupSize: 5,
    parts: () => [desk],
    victims: async (part, limit, beforeId) =>
      (
        await queryAll({
          TableName: table(),
          KeyConditionExpression: beforeId ? "pk = :pk AND sk < :before" : "pk = :pk",
          ExpressionAttributeValues: { ":pk": recordKey(part, "").pk, ...(beforeId ? { ":before": beforeId } : {}) },
          ConsistentRead: true,
          Limit: limit,
        })
      )
        .slice(0, limit)
        .map((i) => i.sk as string),
    deleteGroup: (part, group) =>
      Collection.deleteInTransaction(group, {
        record: (id) => ({ Delete: { TableName: table(), Key: recordKey(part, id), ConditionExpression: "attribute_exists(pk)" } }),
        companions: (id) => [{ Delete: { TableName: table(), Key: layout.key(part, id) } }],
        totals: (n) => [
          {
            Update: {
              TableName: table(),
              Key: metaKey(part),
              UpdateExpression: "ADD #count :minus",
              ExpressionAttributeNames: { "#count": "count" },
              ExpressionAttributeValues: { ":minus": -n },
            },
          },
        ],
      }),
    remaining: (part, beforeId) =>
      queryCount({
        TableName: table(),
        KeyConditionExpression: "pk = :pk AND sk < :before",
        ExpressionAttributeValues: { ":pk": recordKey(part, "").pk, ":before": beforeId },
        ConsistentRead: true,
      }),
  };

  it("deletes what existed when the operation began, a chunk per call, sparing later records", async () => {
    vi.stubEnv("DELETE_CHUNK", "12");
    resetSettings();
    const startedAt = new Date(Date.now() - 1000);
    const old = Array.from({ length: 30 }, (_, i) => caseRow(desk, {}, startedAt.getTime() - 60_000 + i));
    const newer = caseRow(desk, {}, Date.now());
    await add(desk, [...old, newer]);

    const calls: Collection.Progress[] = [];
    for (let i = 0; i < 5; i++) {
      const progress = await Collection.deleteAll(deletion, undefined, startedAt.toISOString());
      calls.push(progress);
      if (progress.done) break;
    }
    expect(calls).toEqual([
      { deleted: 12, remaining: 18, done: false },
      { deleted: 12, remaining: 6, done: false },
      { deleted: 6, remaining: 0, done: true },
    ]);
    expect(ids(await collect(cases.stream(desk)))).toEqual([newer.id]);
    expect(await deletion.victims(desk, 100)).toEqual([newer.id]);
    // a record someone else deleted meanwhile is left out of its group, not an error
    expect(
      await Collection.deleteInTransaction([newer.id, "gone"], {
        record: (id) => ({ Delete: { TableName: table(), Key: recordKey(desk, id), ConditionExpression: "attribute_exists(pk)" } }),
      }),
    ).toBe(1);
    await expect(Collection.deleteAll(deletion, undefined, "yesterday")).rejects.toThrow(/start time/);
  });
});
