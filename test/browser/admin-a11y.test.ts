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

async function expectNoFindings(where: string, within?: string, on: Page = page) {
  // A dialog fades in: judge its colours once every transition has ended.
  await on.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const findings = await axeFindings(on, within);
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

    const screens: [string, (on: Page) => Promise<void>][] = [
      ["/admin/petitions", (on) => on.getByRole("table").first().waitFor()],
      ["/admin/create-petition", (on) => on.getByRole("button", { name: "Create Petition" }).waitFor()],
      ["/admin/petition-signatures", (on) => on.getByRole("heading", { name: "Petition Signatures" }).waitFor()],
      [`/admin/petitions/${stack.defaultPetitionId}/signatures`, (on) => on.getByRole("heading", { name: "Petition Signatures" }).waitFor()],
      ["/admin/test-email", (on) => on.getByRole("button", { name: "Send Test Email" }).waitFor()],
      ["/admin/scam-reports", (on) => on.getByRole("heading", { name: "Scam Reports Administration" }).waitFor()],
      [
        "/admin/forms",
        (on) =>
          on
            .getByRole("link", { name: /^View Entries/ })
            .first()
            .waitFor(),
      ],
      ["/admin/forms/checklist", (on) => on.getByRole("heading", { name: "Timeshare Scam Checklist - Submissions" }).waitFor()],
      ["/admin/newsletter", (on) => on.getByRole("heading", { name: "Newsletter", exact: true }).waitFor()],
      [
        "/admin/newsletter/issues",
        (on) =>
          on
            .getByRole("button", { name: "New issue" })
            .or(on.getByRole("link", { name: "New issue" }))
            .waitFor(),
      ],
      ["/admin/newsletter/issues/new", (on) => on.getByLabel("Text (Markdown)").waitFor()],
      ["/admin/analytics", (on) => on.getByRole("heading", { name: "Visitors over time" }).waitFor()],
      ["/admin/records", (on) => on.getByRole("link", { name: "View Records of scam alert correction requests" }).waitFor()],
      ["/admin/records/scam-alert-corrections", (on) => on.getByText(/^Total Scam alert correction requests: /).waitFor()],
      ["/admin/privacy", (on) => on.getByRole("heading", { name: "Deletion Requests", exact: true }).waitFor()],
    ];
    // three tabs of the signed-in administrator's context, each taking every third screen: a screen
    // waits mostly on its loads and the network's going quiet, which overlap
    const tabs = [page, await page.context().newPage(), await page.context().newPage()];
    await Promise.all(
      tabs.map(async (tab, t) => {
        for (const [path, ready] of screens.filter((_, i) => i % tabs.length === t)) {
          await tab.goto(path);
          await ready(tab);
          await tab.waitForLoadState("networkidle");
          await expectNoFindings(path, undefined, tab);
        }
      }),
    );
    await Promise.all(tabs.slice(1).map((tab) => tab.close()));
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
