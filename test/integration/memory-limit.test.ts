import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSettings, settings } from "@site/core/config";
import { fileFor } from "@site/core/sheets/local";
import { SIGNATURES_TAB, syncSignatures } from "@site/core/sheets/signatures";
import { SignatureListing } from "@site/core/signature/listing";
import { newPetition } from "../support/fixtures";
import { useOwnTable } from "../support/own-table";
import { importRequests } from "../support/signatures";

/**
 * Against a collection larger than a deliberately small memory limit (ADMIN_MEMORY_ROW_LIMIT = 50),
 * every path built on the table's indexes still answers without loading the collection: the pages of
 * the default order, a whole e-mail address, an id, the export's selection and the spreadsheet sync.
 * A search the indexes do not serve yet is refused with a clear message, not run out of memory.
 */
const ROWS = 180;
let petitionId = "";
let emails: string[] = [];

beforeAll(async () => {
  await useOwnTable("memory-limit");
  process.env.ADMIN_MEMORY_ROW_LIMIT = "50";
  resetSettings();
  const p = await newPetition();
  petitionId = p.id;
  const requests = importRequests(ROWS, `limit-${p.id}`);
  emails = requests.map((r) => r.email);
  await SignatureListing.importBatch(p.id, requests);
  SignatureListing.resetCache();
});

afterAll(() => {
  delete process.env.ADMIN_MEMORY_ROW_LIMIT;
  resetSettings();
});

describe(`a collection of ${ROWS} rows with room for 50 in memory`, () => {
  it("pages through the default order, newest first, to the end", async () => {
    const seen: string[] = [];
    let page = await SignatureListing.list({ petitionId, pageSize: 50 });
    for (;;) {
      seen.push(...page.items.map((r) => r.id));
      if (!("next" in page) || !page.next) break;
      page = await SignatureListing.list({ petitionId, pageSize: 50, after: page.next });
    }
    expect(seen).toHaveLength(ROWS);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it("finds a signer by a whole e-mail address and a signature by its id", async () => {
    const byEmail = await SignatureListing.list({ petitionId, search: emails[7]!.toUpperCase() });
    expect(byEmail.items.map((r) => r.email)).toEqual([emails[7]]);
    const byId = await SignatureListing.list({ petitionId, search: byEmail.items[0]!.id });
    expect(byId.total).toBe(1);
  });

  it("selects every row for an export, a page at a time", async () => {
    const { total, pages } = await SignatureListing.signatures.selection({ petitionId }, 40);
    let rows = 0;
    for await (const page of pages) {
      expect(page.length).toBeLessThanOrEqual(40);
      rows += page.length;
    }
    expect([total, rows]).toEqual([ROWS, ROWS]);
  });

  it("syncs the Signatures tab from the table", async () => {
    const result = await syncSignatures(0);
    expect(result.rows).toBe(ROWS);
    const lines = (await readFile(fileFor(settings().SHEETS_DIR, SIGNATURES_TAB), "utf8")).trimEnd().split("\r\n");
    expect(lines).toHaveLength(ROWS + 1);
  });

  it("refuses a search the indexes do not serve yet, saying what still works", async () => {
    SignatureListing.resetCache();
    await expect(SignatureListing.list({ petitionId, search: "first" })).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/^This list has more than 50 rows \(signatures\): search it by a whole e-mail address, an id or a reference/),
    });
    expect(SignatureListing.signatures.warm(petitionId)).toBe(false);
  });
});
