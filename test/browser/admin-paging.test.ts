import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { resetSettings } from "@site/core/config";
import { resetDb } from "@site/core/db/client";
import { LEAD_FORM_INFO } from "@site/core/lead/forms";
import { LeadListing } from "@site/core/lead/listing";
import { LeadInput } from "@site/core/lead/input";
import { metaDetails } from "@site/core/request/meta-details";
import { fromHeaders } from "@site/core/request/metadata";
import { TABLE_NAME } from "../../scripts/local/stack";
import { fileBrowser, signedInAdmin } from "../support/browser";

/**
 * A list read straight from the table moves a page at a time: 30 guide requests written into the
 * stack's table, then the form's list in pages of 25, Next and Previous, with what each shows.
 */
const stack = inject("stack");
const browser = fileBrowser();
const FORM = "before-you-sign";
// names take no digits: the run's and the row's digits become letters
const letters = (n: number | string) => String(n).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)]);
const run = letters(Date.now());
let admin: BrowserContext;
let page: Page;
let seeded: { id: string; fullName: string }[] = [];

beforeAll(async () => {
  Object.assign(process.env, { TABLE_NAME, AWS_REGION: "us-east-1", DYNAMODB_ENDPOINT: stack.dynamodb });
  resetSettings();
  resetDb();
  const start = Date.now() - 3_600_000;
  seeded = await LeadListing.importBatch(
    Array.from({ length: 30 }, (_, i) => ({
      form: FORM,
      submission: LeadInput.parse({ fullName: `Pager ${run} ${letters(String(i).padStart(2, "0"))}`, email: `pager-${run}-${i}@example.com` }),
      meta: metaDetails(fromHeaders({ "user-agent": "paging test" }, "203.0.113.9")),
      at: new Date(start + i * 1000),
    })),
  );
  ({ context: admin, page } = await signedInAdmin(browser, stack, { viewport: { width: 1400, height: 900 } }));
});

afterAll(async () => {
  await admin?.close();
});

describe("a guide list of more than a page", () => {
  it("moves a page at a time with Next and Previous, in pages of the size chosen", async () => {
    const info = LEAD_FORM_INFO[FORM];
    await page.goto(`/admin/forms/${info.adminSlug}`);
    await page.getByRole("heading", { name: info.listTitle }).waitFor();
    const total = await LeadListing.count(FORM);
    expect(total).toBeGreaterThanOrEqual(30);
    await page.getByRole("textbox", { name: "Rows per page" }).click();
    await page.getByRole("option", { name: "25", exact: true }).click();
    await page.getByText(`Showing 1–25 of ${total}`).waitFor();
    await expect(page.getByRole("button", { name: "Previous" }).isDisabled()).resolves.toBe(true);

    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(`Showing 26–${Math.min(50, total)} of ${total}`).waitFor();
    // newest first: the oldest seeded submission is on the second page when nothing newer came after the seed
    const secondPage = await page.getByRole("row").allTextContents();
    if (total === 30) expect(secondPage.some((t) => t.includes(seeded[0]!.fullName))).toBe(true);

    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText(`Showing 1–25 of ${total}`).waitFor();
    await expect(page.getByRole("button", { name: "Previous" }).isDisabled()).resolves.toBe(true);
    const firstPage = await page.getByRole("row").allTextContents();
    if (total === 30) expect(firstPage.some((t) => t.includes(seeded[29]!.fullName))).toBe(true);
    expect(firstPage.some((t) => t.includes(seeded[0]!.fullName))).toBe(false);
  });

  it("exports every submission as a job: its progress shows, then the file downloads with every row", async () => {
    const total = await LeadListing.count(FORM);
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 60_000 }),
      (async () => {
        await page.getByRole("button", { name: "Export as CSV" }).click();
        await page.getByText(/^Exporting submissions/).waitFor();
      })(),
    ]);
    const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
    expect(lines).toHaveLength(total + 1);
    expect(lines.filter((l) => l.includes(`Pager ${run} `))).toHaveLength(30);
    await page.getByText(/^Exporting submissions/).waitFor({ state: "detached" });
  });
});
