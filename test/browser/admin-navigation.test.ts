/**
 * The console at 1280×800, moved through as an administrator does: every screen reached from the
 * persistent navigation, which marks where you are; every table on each screen fits the window with
 * its last column (the actions) in view; on a narrow screen the navigation folds behind a button.
 * (A signed-in user outside the admin group landing on /unauthorized: admin.test.ts.)
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fileBrowser, signedInAdmin } from "../support/browser";
import { fullReport } from "../support/reports";

const stack = inject("stack");
const browser = fileBrowser();
const stamp = Date.now();
let admin: BrowserContext;
let page: Page;

async function post(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${stack.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.ok, `${path}: ${res.status} ${await res.text()}`).toBe(true);
}

/** The sections in the navigation's order, and what shows that each screen has loaded its table. */
const SECTIONS: { label: string; path: RegExp; heading: string | RegExp; tables: number }[] = [
  { label: "Dashboard", path: /\/admin\/dashboard$/, heading: "Dashboard", tables: 1 },
  { label: "Petitions", path: /\/admin\/petitions$/, heading: "Manage Petitions", tables: 1 },
  { label: "Signatures", path: /\/admin\/petition-signatures$/, heading: "Petition Signatures", tables: 1 },
  { label: "Scam Reports", path: /\/admin\/scam-reports$/, heading: "Scam Reports Administration", tables: 1 },
  { label: "Cases", path: /\/admin\/cases$/, heading: "Cases", tables: 1 },
  { label: "Scam Alerts", path: /\/admin\/scam-alerts$/, heading: "Scam Alerts", tables: 1 },
  { label: "Forms", path: /\/admin\/forms$/, heading: /^Forms/, tables: 0 },
  { label: "Newsletter", path: /\/admin\/newsletter$/, heading: "Newsletter", tables: 1 },
  { label: "Other Records", path: /\/admin\/records$/, heading: "Other Records", tables: 0 },
  { label: "Analytics", path: /\/admin\/analytics$/, heading: "Visitors over time", tables: 0 },
  { label: "Deletion Requests", path: /\/admin\/privacy$/, heading: "Deletion Requests", tables: 1 },
  { label: "Test Email", path: /\/admin\/test-email$/, heading: /Test Email/, tables: 0 },
  { label: "Health", path: /\/admin\/health$/, heading: "Health", tables: 1 },
];

/** Each table's overflow: how far its last cell of each row reaches past what the window shows (≤ 0 when it fits). */
async function tableOverflows(): Promise<{ table: string; overflow: number; hidden: string[] }[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main table")].map((table, i) => {
      const name = table.getAttribute("aria-label") ?? table.querySelector("caption")?.textContent ?? `table ${i + 1}`;
      let overflow = -Infinity;
      const hidden: string[] = [];
      for (const row of table.querySelectorAll("tbody tr")) {
        const cells = [...row.querySelectorAll("td")];
        const last = cells.at(-1);
        if (!last) continue;
        last.scrollIntoView({ block: "center", inline: "nearest" });
        const box = last.getBoundingClientRect();
        overflow = Math.max(overflow, box.right - width);
        // every button of the row must be where a click lands on it, not under a scroller's edge
        for (const control of row.querySelectorAll("button, a")) {
          control.scrollIntoView({ block: "center", inline: "nearest" });
          const r = control.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (r.width === 0 || r.right > width || !hit || !(control === hit || control.contains(hit)))
            hidden.push(control.textContent?.trim() || control.getAttribute("aria-label") || "?");
        }
      }
      // a badge whose label is cut short (an ellipsis) says less than it should
      for (const label of table.querySelectorAll(".mantine-Badge-label")) {
        if (label.scrollWidth > label.clientWidth + 1) hidden.push(`badge "${label.textContent}" cut`);
      }
      return { table: name, overflow, hidden };
    });
  });
}

beforeAll(async () => {
  // something in the lists whose tables are empty on a fresh stack
  const report = fullReport(`nav-${stamp}`);
  await post("/api/reports", { ...report, scammer: { ...report.scammer, company: `Navigation Resorts ${stamp}` } });
  await post("/api/privacy/requests", { email: `nav-erase-${stamp}@example.com` });
  await post("/api/leads/checklist", {
    fullName: "Nadia Navigation",
    email: `nav-lead-${stamp}@example.com`,
    newsletterConsent: true,
    client: { screenResolution: "1280x800", timezone: "America/Chicago", language: "en-US" },
  });
  ({ context: admin, page } = await signedInAdmin(browser, stack, { viewport: { width: 1280, height: 800 } }));
});

afterAll(async () => {
  await admin?.close();
});

describe("the console's navigation at 1280×800", () => {
  it("reaches every section, marks it as the current page, and every table shows its actions", async () => {
    await page.goto("/admin/dashboard");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await nav.waitFor();
    expect(await nav.getByRole("link").allTextContents()).toEqual(SECTIONS.map((s) => s.label));

    for (const section of SECTIONS) {
      await nav.getByRole("link", { name: section.label, exact: true }).click();
      await page.waitForURL(section.path);
      const heading =
        typeof section.heading === "string"
          ? page.getByRole("heading", { name: section.heading, exact: true })
          : page.getByRole("heading", { name: section.heading });
      await heading.first().waitFor();
      await expect(nav.getByRole("link", { name: section.label, exact: true }).getAttribute("aria-current")).resolves.toBe("page");
      expect(await nav.locator('[aria-current="page"]').count(), section.label).toBe(1);
      if (section.tables) {
        await page.locator("main table tbody tr td").first().waitFor();
        await page.waitForLoadState("networkidle");
        const tables = await tableOverflows();
        expect(tables.length, section.label).toBeGreaterThanOrEqual(section.tables);
        for (const t of tables) {
          expect(t.overflow, `${section.label}: ${t.table} reaches past the window`).toBeLessThanOrEqual(0);
          expect(t.hidden, `${section.label}: ${t.table} hides controls`).toEqual([]);
        }
      }
    }
  });

  it("a lead list and a petition's signatures are under their sections, and their tables fit too", async () => {
    for (const [path, label] of [
      ["/admin/forms/checklist", "Forms"],
      [`/admin/petitions/${stack.defaultPetitionId}/signatures`, "Signatures"],
      ["/admin/newsletter/issues", "Newsletter"],
    ] as const) {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Admin sections" });
      await nav.waitFor();
      await expect(nav.getByRole("link", { name: label, exact: true }).getAttribute("aria-current")).resolves.toBe("page");
      if (path !== "/admin/newsletter/issues") {
        await page.locator("main table tbody tr td").first().waitFor();
        await page.waitForLoadState("networkidle");
        for (const t of await tableOverflows()) {
          expect(t.overflow, `${path}: ${t.table} reaches past the window`).toBeLessThanOrEqual(0);
          expect(t.hidden, `${path}: ${t.table} hides controls`).toEqual([]);
        }
      }
    }
  });

  it("on a narrow screen the navigation folds behind a button and closes after a choice", async () => {
    await page.setViewportSize({ width: 600, height: 800 });
    try {
      await page.goto("/admin/dashboard");
      const nav = page.getByRole("navigation", { name: "Admin sections" });
      await page.getByRole("heading", { name: "Dashboard", exact: true }).waitFor();
      const inView = async () => {
        const box = await nav.getByRole("link", { name: "Scam Reports" }).boundingBox();
        return !!box && box.x + box.width > 0 && box.x < 600;
      };
      expect(await inView()).toBe(false);
      await page.getByRole("button", { name: "Open navigation" }).click();
      await expect.poll(inView).toBe(true);
      await nav.getByRole("link", { name: "Scam Reports" }).click();
      await page.waitForURL(/\/admin\/scam-reports$/);
      await page.getByRole("button", { name: "Open navigation" }).waitFor();
      await expect.poll(inView).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
