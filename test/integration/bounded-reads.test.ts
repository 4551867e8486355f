import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { settings } from "@site/core/config";
import { db } from "@site/core/db/client";
import { fileFor } from "@site/core/sheets/local";
import { SIGNATURES_TAB, signaturesTab } from "@site/core/signature/sheet";
import { batchSize } from "@site/core/collection/merge";
import { SIGNATURE_LIST_BUCKETS } from "@site/core/db/keys";
import { SignatureListing } from "@site/core/signature/listing";
import { newPetition } from "../support/fixtures";
import { useOwnTable } from "../support/own-table";
import { importRequests } from "../support/signatures";

/**
 * No admin list request reads the collection: against 3,000 rows, the items DynamoDB hands this
 * process are counted (a middleware on the document client) for a page of every order, a filtered
 * page, a whole e-mail, an id and a name search, each far below the collection's size; the export's
 * selection and the spreadsheet sync read every row but hold one page at a time.
 */
const ROWS = 3000;
/** what one request may read at most: a tenth of the collection */
const BOUND = ROWS / 10;
const PAGE = 50;
/**
 * What a page of the default order may read: the merge's first round (a few rows of each of the
 * list's partitions) and its refills, each at most the rest of the page, which together stay under
 * a few pages' worth however the rows fall (ids spread by hash: how many refills varies by run).
 */
const PAGE_BOUND = SIGNATURE_LIST_BUCKETS * batchSize(PAGE, SIGNATURE_LIST_BUCKETS) + 4 * PAGE;
let petitionId = "";
let emails: string[] = [];
let itemsRead = 0;
/** the index and partition of every Query this process sends */
let queried: { index: string; pk: string }[] = [];

beforeAll(async () => {
  await useOwnTable("bounded-reads");
  const p = await newPetition();
  petitionId = p.id;
  const requests = importRequests(ROWS, `bounded-${p.id}`);
  emails = requests.map((r) => r.email);
  for (let i = 0; i < ROWS; i += 500) await SignatureListing.importBatch(p.id, requests.slice(i, i + 500));
  db().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = (result.output ?? {}) as { Items?: unknown[]; Responses?: Record<string, unknown[]> };
      itemsRead += (output.Items?.length ?? 0) + Object.values(output.Responses ?? {}).reduce((n, items) => n + items.length, 0);
      return result;
    },
    { step: "initialize", name: "countItemsRead" },
  );
  db().middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as { IndexName?: string; ExpressionAttributeValues?: Record<string, unknown> };
      const pk = input.ExpressionAttributeValues?.[":pk"];
      if (typeof pk === "string") queried.push({ index: input.IndexName ?? "table", pk });
      return next(args);
    },
    { step: "initialize", name: "recordQueries" },
  );
}, 120_000);

/** The items read by `work`. */
async function readsOf(work: () => Promise<unknown>): Promise<number> {
  const before = itemsRead;
  await work();
  return itemsRead - before;
}

describe(`a collection of ${ROWS} rows`, () => {
  it("pages through the default order to the end, each page reading a few rows of each partition", async () => {
    const seen: string[] = [];
    let page = await SignatureListing.list({ petitionId, pageSize: PAGE });
    let most = 0;
    for (;;) {
      seen.push(...page.items.map((r) => r.id));
      if (!("next" in page) || !page.next) break;
      const after = page.next;
      most = Math.max(most, await readsOf(async () => (page = await SignatureListing.list({ petitionId, pageSize: PAGE, after }))));
    }
    expect(seen).toHaveLength(ROWS);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(most).toBeLessThan(PAGE_BOUND);
    expect(PAGE_BOUND).toBeLessThan(ROWS / 5);
  });

  it("reads a page of every other order from its index", async () => {
    for (const sort of ["lastName", "firstName", "email", "timeshareName"] as const) {
      expect(await readsOf(() => SignatureListing.list({ petitionId, sort, order: "asc", pageSize: 50 }))).toBeLessThan(BOUND);
    }
  });

  it("finds a signer by a whole e-mail address, a signature by its id, and signers by the start of a name", async () => {
    let byEmail: Awaited<ReturnType<typeof SignatureListing.list>> | undefined;
    expect(await readsOf(async () => (byEmail = await SignatureListing.list({ petitionId, search: emails[7]!.toUpperCase() })))).toBeLessThan(10);
    expect(byEmail!.items.map((r) => r.email)).toEqual([emails[7]]);
    expect(await readsOf(() => SignatureListing.list({ petitionId, search: byEmail!.items[0]!.id }))).toBeLessThan(10);
    // "Ana7" … : the first names are Ana0, bob1, …, so "ana1" starts 1/8 × 1/10 of them or so
    let byName: Awaited<ReturnType<typeof SignatureListing.list>> | undefined;
    const reads = await readsOf(async () => (byName = await SignatureListing.list({ petitionId, search: "ana1", pageSize: 500 })));
    expect(byName!.items.length).toBeGreaterThan(0);
    expect(byName!.items.every((r) => r.firstName.toLowerCase().startsWith("ana1"))).toBe(true);
    expect(reads).toBeLessThan(BOUND);
  });

  it("reads a name from its start's search partitions (2 name keys × 4 shards) and the e-mail and timeshare name from their order indexes' 32 buckets, not 4 keys × 32 buckets", async () => {
    queried = [];
    let byName: Awaited<ReturnType<typeof SignatureListing.list>> | undefined;
    const reads = await readsOf(async () => (byName = await SignatureListing.list({ petitionId, search: "Álv", pageSize: 500 })));
    // "Álvarez" is one last name in 6: every one of them is found, from its own partitions
    expect(byName!.items).toHaveLength(ROWS / 6);
    expect(byName!.items.every((r) => r.lastName === "Álvarez")).toBe(true);
    const expected = [
      ...[1, 2].flatMap((slot) => Array.from({ length: 4 }, (_, shard) => `byS${slot} SIGIDX#${petitionId}#al#${shard}`)),
      // the e-mail and the timeshare name have no search partitions (signature/index-item.ts): a signature writes two index entries fewer
      ...[3, 4].flatMap((slot) => Array.from({ length: 32 }, (_, bucket) => `byO${slot} SIGIDX#${petitionId}#${bucket}`)),
    ];
    expect(queried.map((q) => `${q.index} ${q.pk}`).sort()).toEqual(expected.sort());
    // what those partitions hold: the last names starting "al" (and no first name, e-mail or timeshare name does)
    expect(reads).toBe(ROWS / 6);

    // a one-letter word is read the older way: every key's bucket
    queried = [];
    await SignatureListing.list({ petitionId, search: "z", pageSize: 500 });
    expect(queried).toHaveLength(4 * 32);
    expect(new Set(queried.map((q) => q.index))).toEqual(new Set(["byO1", "byO2", "byO3", "byO4"]));
  });

  it("selects every row for an export, a page at a time", async () => {
    const { total, pages } = await SignatureListing.signatures.selection({ petitionId }, 400);
    let rows = 0;
    for await (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(400);
      rows += page.length;
    }
    expect([total, rows]).toEqual([ROWS, ROWS]);
  });

  it("syncs the Signatures tab from the table", async () => {
    const result = await signaturesTab.now(0);
    expect(result.rows).toBe(ROWS);
    const lines = (await readFile(fileFor(settings().SHEETS_DIR, SIGNATURES_TAB), "utf8")).trimEnd().split("\r\n");
    expect(lines).toHaveLength(ROWS + 1);
  });
});
