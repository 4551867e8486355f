/**
 * The spec's messages when the server fails (a stubbed 500) and when it cannot be reached (a refused
 * connection), on the public forms and pages that call it: a free guide's form and a petition's page.
 * (The report wizard's are in report-scam.test.ts, the console's in the web component tests.)
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LEAD_FORM_INFO, LEAD_MESSAGES } from "@site/core/lead/forms";
import { fastRetries, fileBrowser, visit } from "../support/browser";

const stack = inject("stack");
const browser = fileBrowser();
let context: BrowserContext;
beforeAll(async () => {
  context = await browser.newContext({ baseURL: stack.url });
});
afterAll(async () => {
  await context?.close();
});

const failing = { status: 500, contentType: "application/json", body: JSON.stringify({ error: "Something went wrong. Please try again later." }) };

async function fillGuideForm(page: Page) {
  await page.getByLabel("Full Name").fill("Dana Failing");
  await page.getByLabel("Email").fill(`failing-${Date.now()}@example.com`);
  await page.getByRole("button", { name: /^Send Me the / }).click();
}

describe("when the server fails or cannot be reached", () => {
  it("a guide's form says 'Failed to save your submission…' on a 500 and 'Failed to process your request…' when unreachable", async () => {
    expect(LEAD_MESSAGES.saveFailed).toBe("Failed to save your submission. Please try again.");
    expect(LEAD_MESSAGES.processFailed).toBe("Failed to process your request. Please try again.");
    const page = await context.newPage();
    await visit(page, LEAD_FORM_INFO.checklist.path);
    const retries = await fastRetries(page);
    await page.route("**/api/leads/**", (route) => route.fulfill(failing));
    await fillGuideForm(page);
    await retries.until(page.getByRole("alert").filter({ hasText: LEAD_MESSAGES.saveFailed }));

    await page.unroute("**/api/leads/**");
    await page.route("**/api/leads/**", (route) => route.abort("connectionrefused"));
    await fillGuideForm(page);
    await retries.until(page.getByRole("alert").filter({ hasText: LEAD_MESSAGES.processFailed }));
    await page.close();
  });

  it.each([
    ["a 500", (route: Parameters<Parameters<Page["route"]>[1]>[0]) => route.fulfill(failing)],
    ["a refused connection", (route: Parameters<Parameters<Page["route"]>[1]>[0]) => route.abort("connectionrefused")],
  ])("a petition's sign page says 'Failed to load petition data' on %s", async (_, answer) => {
    const page = await context.newPage();
    // a petition no page was prerendered for: the page asks the API for it
    await page.route("**/api/petitions/not-prerendered-petition*", answer);
    await page.goto("/sign/not-prerendered-petition");
    await page.getByRole("heading", { level: 1, name: "Failed to load petition" }).waitFor();
    await page.getByRole("alert").filter({ hasText: "Failed to load petition data" }).waitFor();
    await page.close();
  });
});
