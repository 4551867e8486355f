import { afterAll, beforeAll } from "vitest";
import { chromium, type Browser, type BrowserContextOptions } from "playwright-core";

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
