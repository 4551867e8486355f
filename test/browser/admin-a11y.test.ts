/**
 * axe-core (WCAG 2.1 AA) on every admin screen, signed out and signed in, with the dialogs an
 * administrator opens from them.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeFindings, describeFindings } from "../support/axe";
import { fileBrowser } from "../support/browser";

const stack = inject("stack");
const browser = fileBrowser();
let page: Page;

async function expectNoFindings(where: string, within?: string) {
  // A dialog fades in: judge its colours once every transition has ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const findings = await axeFindings(page, within);
  expect(findings, `${where}\n${describeFindings(findings)}`).toEqual([]);
}

beforeAll(async () => {
  const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await page?.context().close();
});

describe("admin screens have no axe violations", () => {
  it("the login page, and the wrong-password message", async () => {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Login" }).waitFor();
    await expectNoFindings("/admin/login");
    await page.getByLabel("Email").fill(stack.admin.email);
    await page.getByLabel("Password").fill("not-the-password-1!");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").first().waitFor();
    await expectNoFindings("/admin/login with an error");
  });

  it("every screen of a signed-in administrator", async () => {
    await page.getByLabel("Password").fill(stack.admin.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("table").first().waitFor();
    await expectNoFindings("/admin/dashboard");

    for (const [path, ready] of [
      ["/admin/petitions", () => page.getByRole("table").first().waitFor()],
      ["/admin/create-petition", () => page.getByRole("button", { name: "Create Petition" }).waitFor()],
      ["/admin/petition-signatures", () => page.getByRole("heading", { name: "Petition Signatures" }).waitFor()],
      [`/admin/petitions/${stack.defaultPetitionId}/signatures`, () => page.getByRole("heading", { name: "Petition Signatures" }).waitFor()],
      ["/admin/test-email", () => page.getByRole("button", { name: "Send Test Email" }).waitFor()],
      ["/admin/scam-reports", () => page.getByRole("heading", { name: "Scam Reports Administration" }).waitFor()],
      [
        "/admin/forms",
        () =>
          page
            .getByRole("link", { name: /^View Entries/ })
            .first()
            .waitFor(),
      ],
      ["/admin/forms/checklist", () => page.getByRole("heading", { name: "Timeshare Scam Checklist - Submissions" }).waitFor()],
      ["/admin/newsletter", () => page.getByRole("heading", { name: "Newsletter", exact: true }).waitFor()],
      [
        "/admin/newsletter/issues",
        () =>
          page
            .getByRole("button", { name: "New issue" })
            .or(page.getByRole("link", { name: "New issue" }))
            .waitFor(),
      ],
      ["/admin/newsletter/issues/new", () => page.getByLabel("Text (Markdown)").waitFor()],
      ["/admin/analytics", () => page.getByRole("heading", { name: "Visitors over time" }).waitFor()],
      ["/admin/privacy", () => page.getByRole("heading", { name: "Deletion Requests", exact: true }).waitFor()],
    ] as const) {
      await page.goto(path);
      await ready();
      await page.waitForLoadState("networkidle");
      await expectNoFindings(path);
    }
  });

  it("the dialogs: edit goal and delete petition", async () => {
    await page.goto("/admin/petitions");
    await page.getByRole("table").first().waitFor();
    await page
      .getByRole("button", { name: /^Edit goal of petition/ })
      .first()
      .click();
    await page.getByRole("dialog").waitFor();
    await expectNoFindings("edit goal dialog", "[role=dialog]");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await page
      .getByRole("button", { name: /^Delete petition/ })
      .first()
      .click();
    await page.getByRole("dialog").waitFor();
    await expectNoFindings("delete petition dialog", "[role=dialog]");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  });

  it("row buttons name their row", async () => {
    await page.goto("/admin/petitions");
    await page.getByRole("table").first().waitFor();
    const names = await page.getByRole("button", { name: /^Delete petition “.+”$/ }).count();
    expect(names).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: /^Signatures of petition “.+”$/ }).count()).resolves.toBe(names);
  });
});
