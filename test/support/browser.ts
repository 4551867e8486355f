import { afterAll } from "vitest";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";

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
 * Chromium for a test file: the browser project's files run one after another in one process
 * (vitest.config.ts), which launches Chromium once and hands each file fresh contexts (a context is
 * Playwright's clean profile: no cookies, storage or cache from another). Launched again if it went
 * away; Playwright closes it when the process exits. Call it at the top level; the returned object
 * opens fresh visitor contexts, and the file's own contexts are closed after its tests.
 */
export function fileBrowser() {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  });
  return {
    newContext: async (options?: BrowserContextOptions) => {
      const context = await (await sharedBrowser()).newContext(options);
      contexts.push(context);
      return context;
    },
  };
}

type Shared = { sharedBrowser?: Promise<Browser> };

/** The process's one Chromium (kept on globalThis: the files' modules are loaded afresh for each file). */
async function sharedBrowser(): Promise<Browser> {
  const shared = globalThis as Shared;
  const current = shared.sharedBrowser && (await shared.sharedBrowser.catch(() => undefined));
  if (current?.isConnected()) return current;
  shared.sharedBrowser = launchBrowser();
  return shared.sharedBrowser;
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

/**
 * Waits for `shown` while skipping the page's pauses between a form's retries (sendOnce's 2 s and
 * 4 s, web/src/lib/sendOnce.ts): the page's clock is moved on a second at a time until it shows.
 * Call it after the page has loaded (its scripts keep the timers they took then; the retry's pause
 * looks up setTimeout when it waits) and before the action that fails.
 */
export async function fastRetries(page: Page): Promise<{ until: (shown: Locator, timeoutMs?: number) => Promise<void> }> {
  await page.clock.install();
  return {
    until: async (shown, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await shown.isVisible())) {
        if (Date.now() > deadline) throw new Error(`not shown within ${timeoutMs} ms of retries: ${String(shown)}`);
        await page.clock.fastForward(1000);
        await page.waitForTimeout(50);
      }
    },
  };
}
