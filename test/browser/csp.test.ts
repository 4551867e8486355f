import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { LEAD_FORM_INFO } from "../../packages/core/src/lead/forms";
import { fileBrowser, visit } from "../support/browser";

const stack = inject("stack");
const browser = fileBrowser();

/** A page that records every Content-Security-Policy violation Chromium reports. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const page = await (await browser.newContext({ baseURL: stack.url })).newPage();
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction("reportCspViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return { page, violations };
}

/** Asks the page to load reCAPTCHA's script; resolves with the violations that attempt caused. */
async function tryGoogleScript(page: Page, violations: string[]): Promise<string[]> {
  const before = violations.length;
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const script = document.createElement("script");
        script.src = "https://www.google.com/recaptcha/api.js?render=explicit";
        script.onload = script.onerror = () => resolve();
        document.head.append(script);
        setTimeout(resolve, 3000);
      }),
  );
  await page.waitForTimeout(100); // the violation event is dispatched after the error
  return violations.slice(before).filter((v) => v.includes("google"));
}

describe("Google's code only on the reCAPTCHA pages", () => {
  it("refuses reCAPTCHA's script on a page without a form, allows it on a guide's, and a link between them loads a new document", async () => {
    const { page, violations } = await watchedPage();
    await visit(page, "/");
    expect(await tryGoogleScript(page, violations)).toContain("script-src-elem https://www.google.com/recaptcha/api.js?render=explicit");

    // the home page links to the checklist guide: followed in the app, it must arrive as a new document
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const newDocument = page.waitForEvent("load", { timeout: 15_000 });
    await page.evaluate((path) => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].find((a) => a.getAttribute("href") === path);
      if (!link) throw new Error(`no link to ${path} on the home page`);
      link.click();
    }, LEAD_FORM_INFO.checklist.path);
    await newDocument;
    await page.waitForURL(`**${LEAD_FORM_INFO.checklist.path}`);
    await page.locator("html[data-app=ready]").waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker ?? null)).toBeNull();
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(0);
    expect(await tryGoogleScript(page, violations)).toEqual([]);

    // and Back returns to the home page
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().close();
  });
});

describe("the site under its Content-Security-Policy", () => {
  it("is served with the policy, framing forbidden", async () => {
    const res = await fetch(`${stack.url}/petition`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(new URL(stack.cognito).origin);
  });

  it("renders and hydrates the public pages and signs without a violation", async () => {
    const { page, violations } = await watchedPage();
    await page.goto("/");
    await page.goto("/petition");
    await page
      .getByRole("button", { name: "Sign the Petition Now" })
      .or(page.getByRole("link", { name: "Sign the Petition Now" }))
      .first()
      .click();
    await page.waitForURL(`**/sign/${stack.defaultPetitionId}`);
    await page.getByLabel("First Name").fill("Clara");
    await page.getByLabel("Last Name").fill("Policy");
    await page.getByLabel("Email").fill(`csp-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Sign Petition" }).click();
    await page.getByText("Thank you for signing the petition!").waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("lets a page upload an evidence file straight to the bucket with the presigned POST the API hands out", async () => {
    const { page, violations } = await watchedPage();
    await page.goto("/");
    const result = await page.evaluate(async () => {
      const res = await fetch("/api/reports/uploads", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ purpose: "details", fileName: "note.txt", size: 5 }),
      });
      const presigned = (await res.json()) as { url: string; fields: Record<string, string> };
      const form = new FormData();
      for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
      form.append("file", new Blob(["hello"], { type: "text/plain" }), "note.txt");
      const upload = await fetch(presigned.url, { method: "POST", body: form });
      return { url: presigned.url, status: upload.status };
    });
    // the bucket is on another origin (s3rver locally, S3 deployed): the policy's connect-src names it
    expect(new URL(result.url).origin).not.toBe(new URL(stack.url).origin);
    expect(result.status).toBe(204);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("loads the admin console and reaches Cognito without a violation", async () => {
    const { page, violations } = await watchedPage();
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(stack.admin.email);
    await page.getByLabel("Password").fill("not-the-password-1!");
    await page.getByRole("button", { name: "Login" }).click();
    // The answer comes from cognito-local: the browser was allowed to call it.
    await page.getByRole("alert").first().waitFor();
    expect(violations).toEqual([]);
    await page.context().close();
  });
});
