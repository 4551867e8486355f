import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/** axe-core's script, from the npm package (no browser download), injected into the page under test. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.1 A and AA, the standard the site is held to. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * What axe finds on the page as it is now (WCAG 2.1 AA rules), each with the elements at fault; only
 * within the `within` selector if given (an open dialog, whose overlay dims the page behind it). The
 * script is evaluated through the DevTools protocol, so the page's CSP does not block it.
 */
export async function axeFindings(page: Page, within?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, within }) => {
      const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: any[] }> } }).axe;
      const context = within ? { include: [within] } : document;
      const result = await axe.run(context, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n: any) => ({ target: n.target.join(" "), html: n.html.slice(0, 200), summary: n.failureSummary ?? "" })),
      }));
    },
    { tags: TAGS, within },
  );
}

/** The findings as readable lines, for an assertion message. */
export const describeFindings = (findings: AxeFinding[]) =>
  findings.map((f) => `${f.id} (${f.impact}): ${f.help}\n${f.nodes.map((n) => `    ${n.target}  ${n.summary.replace(/\s+/g, " ")}`).join("\n")}`).join("\n");
