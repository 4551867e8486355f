import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/**
 * Lighthouse on the machine's Chromium (CHROMIUM_PATH, never a downloaded one), for bench:pages and
 * bench:analytics: one run's figures, the median of several, and blocking requests by URL pattern.
 */

/** Every script: the baseline of what a page's HTML and CSS achieve alone. */
export const SCRIPTS = ["*.js"];

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** "Chromium 156.0.8078.108", as the browser names itself. */
export const chromiumVersion = () => execFileSync(chromiumPath, ["--version"], { encoding: "utf8" }).trim();

export const launchChromium = () =>
  chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });

export interface Figures {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  /** Transferred, as Lighthouse counts it: compressed bodies plus response headers. */
  jsKb: number;
  cssKb: number;
  /** The gzip-compressed bodies of the page's scripts alone (what "JavaScript ≤ 120 KB gzip" means). */
  jsGzipKb: number;
}

/** Sum of the gzip-encoded body sizes of `urls`, fetched as a browser would (Accept-Encoding: gzip), not decoded. */
async function gzipBytes(urls: string[]): Promise<number> {
  const size = (url: string) =>
    new Promise<number>((resolve, reject) => {
      httpGet(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
        res.on("error", reject);
      }).on("error", reject);
    });
  const sizes = await Promise.all(urls.map(size));
  return sizes.reduce((a, b) => a + b, 0);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One Lighthouse run of `url`, with requests matching `blocked` (Lighthouse's URL patterns) blocked. */
export async function measure(port: number, url: string, blocked: string[] = []): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    ...(blocked.length ? { blockedUrlPatterns: blocked } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (process.env.REPORTS_DIR) {
    // REPORTS_DIR=/tmp/lh keeps each run's full report (long tasks, bootup time, ...) for a closer look.
    mkdirSync(process.env.REPORTS_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_")}${blocked.length ? "-blocked" : ""}-${Date.now()}.json`;
    writeFileSync(join(process.env.REPORTS_DIR, name), JSON.stringify(lhr));
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] })?.items ?? [];
  const kb = (type: string) => (items.find((i) => i.resourceType === type)?.transferSize ?? 0) / 1024;
  const requests = (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType: string; statusCode: number }[] })?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script" && r.statusCode === 200).map((r) => r.url);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbt: audit("total-blocking-time"),
    jsKb: kb("script"),
    cssKb: kb("stylesheet"),
    jsGzipKb: (await gzipBytes(scripts)) / 1024,
  };
}

/** The median of `runs` runs, figure by figure. */
export async function medianOf(port: number, url: string, blocked: string[], runs: number): Promise<Figures> {
  const all: Figures[] = [];
  for (let i = 0; i < runs; i++) all.push(await measure(port, url, blocked));
  const pick = (k: keyof Figures) => median(all.map((f) => f[k]));
  return {
    score: pick("score"),
    lcp: pick("lcp"),
    cls: pick("cls"),
    tbt: pick("tbt"),
    jsKb: pick("jsKb"),
    cssKb: pick("cssKb"),
    jsGzipKb: pick("jsGzipKb"),
  };
}
