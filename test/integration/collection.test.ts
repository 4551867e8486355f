import { randomUUID } from "node:crypto";
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Collection } from "@site/core/collection";
import { putAll } from "@site/core/db/batch";
import { db, table } from "@site/core/db/client";
import { queryAll, queryCount } from "@site/core/db/query";
import { sortableId } from "@site/core/util/id";

/**
 * The generic admin-collection module on a collection that is not signatures: triage "cases" (a
 * status that changes, yes/no and date filters, search over several fields), one part per desk.
 * Records live under `TESTREC#<run>#<desk>`, their index rows under `TESTIDX#<run>#<desk>#<b>`,
 * and each desk's count and revision on its `TESTCOL#<run>#<desk>` item.
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

/** index rows decoded so far: a load (full or incremental) decodes, a patch does not */
let decoded = 0;
const cases = Collection.defineCollection({
  name: `cases-${run}`,
  sorts: { createdAt: Collection.byId, title: Collection.byText((r: CaseRow) => r.title), status: Collection.byValue((r: CaseRow) => r.status) },
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
  searchText: (r) => [r.title, r.reporter],
  parts: (desk) => (desk ? [desk] : DESKS),
  partitions: layout.partitions,
  decode: (desk: string, id: string, packed: string): CaseRow => {
    decoded++;
    return codec.decode(desk, id, packed);
  },
  version: async (desk) => {
    const res = await db().send(new GetCommand({ TableName: table(), Key: metaKey(desk), ConsistentRead: true }));
    return res.Item ? { count: Number(res.Item.count ?? 0), revision: Number(res.Item.revision ?? 0) } : undefined;
  },
  newestFirst: "index",
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
  await putAll(rows.flatMap((r) => [{ ...recordKey(desk, r.id), type: "testRecord" }, layout.item(desk, r.id, codec.encode(r))]));
  await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: metaKey(desk),
      UpdateExpression: "ADD #count :n",
      ExpressionAttributeNames: { "#count": "count" },
      ExpressionAttributeValues: { ":n": rows.length },
    }),
  );
  cases.noteListChanged(desk);
}

/** A status change: the index row rewritten and the revision incremented; answers the new revision. */
async function changeStatus(row: CaseRow, status: Status): Promise<{ row: CaseRow; revision: number }> {
  const next = { ...row, status };
  await db().send(new PutCommand({ TableName: table(), Item: layout.item(row.desk, row.id, codec.encode(next)) }));
  const res = await db().send(
    new UpdateCommand({
      TableName: table(),
      Key: metaKey(row.desk),
      UpdateExpression: "ADD revision :one",
      ExpressionAttributeValues: { ":one": 1 },
      ReturnValues: "UPDATED_NEW",
    }),
  );
  return { row: next, revision: Number(res.Attributes!.revision) };
}

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe("an admin collection defined with the generic module", () => {
  const east = Array.from({ length: 24 }, () => caseRow("east"));
  const west = Array.from({ length: 6 }, () => caseRow("west", { title: "Western case", reporter: "Zoë Adams" }));

  it("answers the default order from the table, page after page by its cursors, without loading the rows into memory", async () => {
    await add("east", east);
    await add("west", west);
    cases.resetCache();
    const seen: string[] = [];
    let page = await cases.list({ desk: "east", pageSize: 5 });
    expect(page).toMatchObject({ total: 24, page: 1, prev: null });
    for (;;) {
      seen.push(...ids(page.items));
      if (!("next" in page) || page.next === null) break;
      page = await cases.list({ desk: "east", pageSize: 5, after: page.next });
    }
    expect(seen).toEqual(ids(east).reverse());
    expect(cases.warm("east"), "no row was loaded into memory").toBe(false);

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
    const byTitle = await cases.query({ search: "", sort: "title", order: "asc" });
    expect(byTitle).toHaveLength(30);
    const titles = byTitle.map((r) => r.title);
    // numeric collation: "Case 2" before "Case 10"
    expect(titles.indexOf(east[2].title)).toBeLessThan(titles.indexOf(east[10].title));
    expect(ids(byTitle.filter((r) => r.desk === "west"))).toEqual(ids(west));
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...ids((await cases.list({ sort: "status", order: "desc", page, pageSize: 8 })).items));
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  it("searches several fields, case-insensitively", async () => {
    expect(ids(await cases.query({ search: "  CASE 1 ", sort: "createdAt", order: "asc" }))).toEqual(ids(east.filter((r) => r.title.startsWith("Case 1"))));
    expect((await cases.query({ search: "REPORTER3@", sort: "createdAt", order: "asc" })).map((r) => r.reporter)).toEqual(
      east.filter((r) => r.reporter.startsWith("reporter3")).map((r) => r.reporter),
    );
    expect(await cases.query({ search: "nobody", sort: "createdAt", order: "asc" })).toEqual([]);
  });

  it("filters by status, yes/no and a date range, each filter its own cached result", async () => {
    const q = { search: "", sort: "createdAt" as const, order: "asc" as const, desk: "east" };
    for (const status of STATUSES) expect(ids(await cases.query({ ...q, status }))).toEqual(ids(east.filter((r) => r.status === status)));
    expect(ids(await cases.query({ ...q, moneyLost: "no" }))).toEqual(ids(east.filter((r) => !r.moneyLost)));
    expect(ids(await cases.query({ ...q, occurredFrom: "2026-01-05", occurredTo: "2026-01-08", moneyLost: "yes" }))).toEqual(
      ids(east.filter((r) => r.occurred >= "2026-01-05" && r.occurred <= "2026-01-08" && r.moneyLost)),
    );
    const page = await cases.list({ desk: "east", status: "spam", pageSize: 2, page: 2 });
    expect(page.total).toBe(east.filter((r) => r.status === "spam").length);
    expect(ids(page.items)).toEqual(ids(east.filter((r) => r.status === "spam").reverse()).slice(2, 4));
  });

  it("exports pages of the filtered order and describes the query for the audit trail", async () => {
    const first = await cases.exportPage({ moneyLost: "yes", sort: "title", order: "asc" });
    expect(first.pageSize).toBe(1000);
    expect(first.total).toBe([...east, ...west].filter((r) => r.moneyLost).length);
    expect(cases.describe({ desk: "east", search: "x", status: "new" })).toBe('east (search "x") (status=new)');
    expect(cases.describe({ search: "" })).toBe(`all cases-${run}`);
  });

  it("sees additions, a status change patched in place, and a change made elsewhere", async () => {
    const q = { search: "", sort: "createdAt" as const, order: "desc" as const, desk: "west" };
    await cases.query(q);
    const late = caseRow("west", { title: "Late case" });
    await add("west", [late]);
    expect(ids(await cases.query(q))[0]).toBe(late.id);

    const { row, revision } = await changeStatus(late, "spam");
    const loads = decoded;
    cases.patch("west", { put: [row] }, revision);
    expect((await cases.query({ ...q, status: "spam" })).map((r) => r.id)).toContain(late.id);
    expect(decoded).toBe(loads);

    // Another process's change: the revision moves on without this cache knowing. A stale patch
    // (a revision that does not follow the cached one) makes the next read re-check and reload.
    const elsewhere = await changeStatus(west[0], "resolved");
    cases.patch("west", { put: [] }, elsewhere.revision + 5);
    const resolved = await cases.query({ ...q, status: "resolved" });
    expect(ids(resolved)).toContain(west[0].id);
    expect(decoded).toBe(loads + west.length + 1);
  });

  it("drops deleted rows once the revision says so", async () => {
    const q = { search: "", sort: "createdAt" as const, order: "asc" as const, desk: "east" };
    const victim = east[3];
    await cases.query(q);
    await db().send(new DeleteCommand({ TableName: table(), Key: layout.key("east", victim.id) }));
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: metaKey("east"),
        UpdateExpression: "ADD #count :minus, revision :one",
        ExpressionAttributeNames: { "#count": "count" },
        ExpressionAttributeValues: { ":minus": -1, ":one": 1 },
      }),
    );
    // within RECHECK_MS this process still trusts its rows; a local write tells it at once
    expect(ids(await cases.query(q))).toContain(victim.id);
    cases.noteListChanged("east");
    expect(ids(await cases.query(q))).not.toContain(victim.id);
    expect(await cases.allRows("east")).toHaveLength(23);
  });
});

describe("the generic chunked delete-all", () => {
  const desk = `del-${run}`;
  const deletion: Collection.ChunkedDeleteDef<string> = {
    chunk: 12,
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
              UpdateExpression: "ADD #count :minus, revision :one",
              ExpressionAttributeNames: { "#count": "count" },
              ExpressionAttributeValues: { ":minus": -n, ":one": 1 },
            },
          },
        ],
      }),
    afterChunk: (part) => cases.noteListChanged(part),
    remaining: (part, beforeId) =>
      queryCount({
        TableName: table(),
        KeyConditionExpression: "pk = :pk AND sk < :before",
        ExpressionAttributeValues: { ":pk": recordKey(part, "").pk, ":before": beforeId },
        ConsistentRead: true,
      }),
  };

  it("deletes what existed when the operation began, a chunk per call, sparing later records", async () => {
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
    expect(ids(await cases.allRows(desk))).toEqual([newer.id]);
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
