import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GUIDES } from "../../packages/core/src/guides";
import { LEAD_FORMS, LEAD_FORM_INFO, LEAD_MESSAGES } from "../../packages/core/src/lead/forms";
import { escapeHtml } from "../../packages/core/src/site/page-head";
import { distDir, expectedPetitionId, readDist, readJson, requireBuild, type Manifest } from "./dist";

/** Visible text of an HTML fragment (tags dropped, entities for quotes/ampersands decoded). */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

/** The markup inside `<div id="root" ...>` up to `</body>`. */
function rootOf(html: string): { attrs: string; body: string } {
  const match = html.match(/<div id="root"([^>]*)>([\s\S]*)<\/div>\s*<\/body>/);
  if (!match) throw new Error("no #root in page");
  return { attrs: match[1]!, body: match[2]! };
}

const PAGES = [
  {
    route: "/",
    file: "index.html",
    title: "Timeshare Owners Foundation | Protecting Timeshare Owners",
    texts: [
      "Protecting timeshare owners and their families",
      "Timeshare Owners Foundation",
      "Read and Sign the Petition",
      "A nonprofit on the owner's side",
      "Owners' stories",
      "Nine owners, nine different traps",
      "Ask lawmakers for a fair way out",
      "What every owner should know",
      "Seen a timeshare scam? Report it",
      "Report to the FTC at ReportFraud.ftc.gov",
      "A vacation should not become a lifelong debt",
      "87%",
      "3-10 days",
      "$22K",
      "Ways you can help",
      "Check before you sign or pay anyone",
    ],
  },
  {
    route: "/petition",
    file: "petition/index.html",
    title: "Timeshare Reform Petition",
    texts: [
      "Sign the Petition",
      "Sign the Petition Now",
      "3,427 owners have joined",
      "regret their purchase",
      "average loss",
      // statistics are prerendered at their targets; only the browser counts them up from 0
      "87%",
      "3-10",
      "$22K",
      "Linda Martinez",
      "James Turner",
      "Rosa Gutierrez",
      "About the foundation",
      "Three steps to change the law",
      "With your signature",
      "Without action",
      "Petition disclaimer",
    ],
  },
  { route: "/404", file: "404/index.html", title: "Page Not Found", texts: ["404", "Page Not Found", "Go Back"] },
  { route: "/unauthorized", file: "unauthorized/index.html", title: "Unauthorized", texts: ["Unauthorized", "Go to Home"] },
] as const;

describe("prerendered public pages", () => {
  let entryScript: string;
  let entryCss: string[];

  beforeAll(() => {
    requireBuild();
    const manifest = readJson<Manifest>(".vite/manifest.json");
    entryScript = manifest["index.html"]!.file;
    entryCss = manifest["index.html"]!.css ?? [];
    expect(entryCss.length).toBeGreaterThan(0);
  });

  for (const page of PAGES) {
    describe(page.route, () => {
      it(`is written to dist/${page.file} with its key texts`, () => {
        expect(existsSync(path.join(distDir, page.file))).toBe(true);
        const html = readDist(page.file);
        const root = rootOf(html);
        expect(root.attrs).toContain(`data-prerendered="${page.route}"`);
        const visible = text(root.body);
        for (const expected of page.texts) expect(visible, `${page.file} shows "${expected}"`).toContain(expected);
        expect(html).toContain(`<title>${escapeHtml(page.title)}</title>`);
      });

      it("loads the app, its styles and Mantine's colour-scheme script, so it can hydrate", () => {
        const html = readDist(page.file);
        expect(html).toContain(`src="/${entryScript}"`);
        for (const css of entryCss) expect(html).toContain(`href="/${css}"`);
        expect(html).toContain("data-mantine-script");
        expect(html).toMatch(/<html[^>]*data-mantine-color-scheme="light"/);
        expect(rootOf(html).body).toContain("data-mantine-styles");
        // the theme's CSS variables and Mantine's global classes, rendered at build time (web/src/Providers.tsx)
        const head = html.slice(0, html.indexOf("</head>"));
        expect(head).toMatch(/<style data-mantine-styles="true">:root[^<]*--mantine-color-brand-8: #017f6a/);
        expect(head).toContain('<style data-mantine-styles="classes">');
      });
    });
  }

  it("every sign button of /petition goes to the build-time default petition", () => {
    const body = rootOf(readDist("petition/index.html")).body;
    const signHrefs = [...body.matchAll(/href="(\/sign\/[^"]*)"/g)].map((m) => m[1]);
    expect(signHrefs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(signHrefs)).toEqual(new Set([`/sign/${encodeURIComponent(expectedPetitionId())}`]));
    // Every link or button of the page (not the site's navigation) whose text mentions signing goes there too.
    const main = body.match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
    expect(main.length).toBeGreaterThan(1000);
    for (const [, attrs, inner] of main.matchAll(/<a([^>]*)>([\s\S]*?)<\/a>/g)) {
      if (/\bsign\b/i.test(text(inner!))) {
        expect(attrs, `link "${text(inner!).trim()}"`).toContain(`href="/sign/${expectedPetitionId()}"`);
      }
    }
  });

  it("/petition is titled 'Sign the Petition'", () => {
    expect(rootOf(readDist("petition/index.html")).body).toMatch(/<h1[^>]*>Sign the Petition<\/h1>/);
  });

  it("the /petition goal (10000) is not displayed", () => {
    const visible = text(rootOf(readDist("petition/index.html")).body);
    expect(visible).not.toMatch(/10,000|10000/);
  });

  it("the donate call to action of /petition leads to the donate page", () => {
    const body = rootOf(readDist("petition/index.html")).body;
    const donate = [...body.matchAll(/<a([^>]*)>([\s\S]*?)<\/a>/g)].filter(([, , inner]) => text(inner!).trim() === "Donate to the Campaign");
    expect(donate).toHaveLength(1);
    expect(donate[0]![1]).toContain('href="/donate"');
  });

  it.each(LEAD_FORMS)("the %s guide page arrives with its whole document and its form, disabled until the app runs it", (form) => {
    const guide = GUIDES[form];
    const body = rootOf(readDist(`${LEAD_FORM_INFO[form].path.slice(1)}/index.html`)).body;
    expect(body).toMatch(new RegExp(`<h1[^>]*>${escapeHtml(guide.title)}</h1>`));
    const visible = text(body);
    for (const expected of [guide.subtitle, ...guide.sections.map((s) => s.heading), "Sources", "Last reviewed", LEAD_MESSAGES.consentLabel]) {
      expect(visible, `${form} shows "${expected}"`).toContain(expected);
    }
    const formHtml = body.match(/<form[\s\S]*?<\/form>/)?.[0] ?? "";
    const controls = [...formHtml.matchAll(/<(input|button)\b[^>]*>/g)].map((m) => m[0]);
    expect(controls).toHaveLength(4);
    for (const control of controls) expect(control, control).toMatch(/\sdisabled=""/);
  });

  it("dist/spa.html is the untouched shell: an empty #root, no page markup", () => {
    const html = readDist("spa.html");
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("data-prerendered");
    expect(html).not.toContain("Sign the Petition Now");
    expect(html).toContain(`src="/${entryScript}"`);
    expect(html).toContain("data-mantine-script");
    expect(html).not.toContain("<!--app-head-->");
  });
});
