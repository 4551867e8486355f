import { afterAll, beforeAll } from "vitest";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

/**
 * The machine's Chromium (never a downloaded one), headless and sandbox-free as root requires;
 * Playwright gives each launch a fresh profile. The background-networking flags keep Chromium from
 * calling out on a machine without internet.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Chromium for one test file: launched before the file's tests, closed after them. Call it at the
 * top level; the returned object opens fresh visitor contexts.
 */
export function fileBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return { newContext: (options?: BrowserContextOptions) => browser!.newContext(options) };
}

/**
 * Opens `path` and waits until the app has taken over its prerendered HTML: a click before that
 * lands on a button React has not wired yet and is lost.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("html[data-app=ready]").waitFor();
}

/** A new context signed in as the stack's administrator, on /admin/dashboard. */
export async function signedInAdmin(
  browser: ReturnType<typeof fileBrowser>,
  stack: { url: string; admin: { email: string; password: string } },
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: stack.url, acceptDownloads: true, timezoneId: "America/New_York", ...options });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(stack.admin.email);
  await page.getByLabel("Password").fill(stack.admin.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/admin/dashboard");
  return { context, page };
}
