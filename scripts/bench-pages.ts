/**
 * npm run bench:pages: Lighthouse (mobile settings: Moto G-class emulation, simulated slow 4G and 4×
 * CPU slowdown) on every public route of the built site, served by the local stack as CloudFront
 * would serve it (gzip). Per route: performance score, LCP, CLS, TBT, JavaScript and CSS transferred,
 * and the LCP of the same page with its scripts blocked (the baseline: what the HTML and CSS alone
 * achieve), as a ratio. Prints the figures, checks them against the targets and writes them to
 * docs/benchmarks.md. Uses the machine's Chromium (CHROMIUM_PATH), never a downloaded one.
 *
 *   npm run bench:pages                 build the site, then measure (3 runs per page, median)
 *   npm run bench:pages -- --no-build   measure the existing web/dist
 *   RUNS=5 npm run bench:pages
 *   ROUTES=/petition,/ REPORTS_DIR=/tmp/lh npm run bench:pages -- --no-build   two routes, full reports kept
 */
import { execSync } from "node:child_process";
import { PRERENDER_ROUTES } from "../web/src/publicRoutes";
import { launchChromium, measure, medianOf, SCRIPTS, type Figures } from "./bench/lighthouse";
import { recordSection } from "./bench/report";
import { startEphemeralStack } from "./bench/stack-process";
import { repoRoot } from "./local/paths";

const TARGETS = { score: 95, cls: 0.05, lcpRatio: 1.1, petitionJsKb: 120 };
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));

if (!process.argv.includes("--no-build")) execSync("npm run build:web", { cwd: repoRoot, stdio: "inherit" });

const stack = await startEphemeralStack();
const chrome = await launchChromium();

const defaultPetition = process.env.DEFAULT_PETITION_ID || "timeshare-reform";
const allRoutes = [
  ...PRERENDER_ROUTES.filter((r) => r.index !== false).map((r) => r.path),
  ...["sign", "share", "thank-you"].map((page) => `/${page}/${defaultPetition}`),
];
/** ROUTES=/petition,/ measures only those (a quick look; the recorded figures cover every route). */
const only = process.env.ROUTES?.split(",").filter(Boolean);
const routes = only ? allRoutes.filter((r) => only.includes(r)) : allRoutes;
const rows: { route: string; page: Figures; bare: Figures; ratio: number; ok: boolean }[] = [];
try {
  // One discarded run warms the server (its gzip cache, DynamoDB Local) and Chromium.
  await measure(chrome.port, `${stack.url}${routes[0]}`);
  for (const route of routes) {
    const url = `${stack.url}${route}`;
    const page = await medianOf(chrome.port, url, [], RUNS);
    // Every page arrives rendered (a petition's pages from their prerendered templates, filled in by the
    // petition-page function), so every page has a scriptless baseline.
    const bare = await medianOf(chrome.port, url, SCRIPTS, RUNS);
    const ratio = page.lcp / bare.lcp;
    const ok =
      page.score >= TARGETS.score && page.cls <= TARGETS.cls && ratio <= TARGETS.lcpRatio && (route !== "/petition" || page.jsGzipKb <= TARGETS.petitionJsKb);
    rows.push({ route, page, bare, ratio, ok });
    console.log(
      `${route.padEnd(34)} score ${page.score}  LCP ${(page.lcp / 1000).toFixed(2)} s (scriptless ${(bare.lcp / 1000).toFixed(2)} s, ×${ratio.toFixed(2)})  CLS ${page.cls.toFixed(3)}  TBT ${Math.round(page.tbt)} ms  JS ${page.jsGzipKb.toFixed(1)} KB gzip (${page.jsKb.toFixed(1)} KB with headers)  CSS ${page.cssKb.toFixed(1)} KB  ${ok ? "ok" : "MISSED"}`,
    );
  }
} finally {
  await chrome.kill();
  await stack.stop();
}

const failed = rows.filter((r) => !r.ok);
const table = [
  "| route | score | LCP | scriptless LCP | ratio | CLS | TBT | JS gzip | JS transferred | CSS transferred |",
  "|---|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| \`${r.route}\` | ${r.page.score} | ${(r.page.lcp / 1000).toFixed(2)} s | ${(r.bare.lcp / 1000).toFixed(2)} s | ×${r.ratio.toFixed(2)} | ${r.page.cls.toFixed(3)} | ${Math.round(r.page.tbt)} ms | ${r.page.jsGzipKb.toFixed(1)} KB | ${r.page.jsKb.toFixed(1)} KB | ${r.page.cssKb.toFixed(1)} KB |`,
  ),
].join("\n");
if (!only)
  recordSection(
    "Public pages (npm run bench:pages)",
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile settings (simulated slow 4G, 4× CPU slowdown), median of ${RUNS} runs per page (after one discarded warm-up run) on the built site served by the local stack with gzip; the scriptless LCP is the same page with every script blocked, also the median of ${RUNS} runs. "JS gzip" is the compressed bodies of the scripts the page loads; "transferred" (Lighthouse's figure) adds each response's headers, which HTTP/2 mostly compresses away when deployed.
Targets: score ≥ ${TARGETS.score}, CLS ≤ ${TARGETS.cls}, LCP ≤ ${TARGETS.lcpRatio} × scriptless, first-load JavaScript on \`/petition\` ≤ ${TARGETS.petitionJsKb} KB. ${failed.length ? `Missed on: ${failed.map((r) => `\`${r.route}\``).join(", ")}.` : "All met."}

${table}`,
  );
console.log(failed.length ? `\nTargets missed on ${failed.length} route(s).` : "\nAll targets met.");
process.exitCode = failed.length ? 1 : 0;
