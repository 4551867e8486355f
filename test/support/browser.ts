import { chromium, type Browser } from "playwright-core";

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
