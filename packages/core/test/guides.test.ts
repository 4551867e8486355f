import { describe, expect, it } from "vitest";
import { GUIDES, GUIDE_SITE_PATHS, guidePdfPath, linksOf, plainText, runsOf, type Block, type Guide, type RichText } from "../src/guides";
import { STATE_TABLE } from "../src/guides/where-scams-thrive";
import { LEAD_FORMS, LEAD_FORM_INFO } from "../src/lead/forms";

const guides = LEAD_FORMS.map((form) => [form, GUIDES[form]] as const);

function textsOf(block: Block): RichText[] {
  switch (block.kind) {
    case "paragraph":
      return [block.text];
    case "bullets":
    case "checklist":
      return [...block.items];
    case "callout":
      return [block.title, block.text, ...(block.items ?? [])];
    case "table":
      return [block.caption, ...block.header, ...block.rows.flat()];
  }
}

const allTexts = (guide: Guide): string[] => [
  guide.title,
  guide.subtitle,
  guide.summary,
  ...guide.sections.flatMap((section) => [section.heading, ...section.blocks.flatMap(textsOf).map(plainText)]),
];

const isHttps = (href: string) => {
  try {
    const url = new URL(href);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
};

describe("the four guides", () => {
  it("has one guide per lead form, filed under its own form", () => {
    expect(Object.keys(GUIDES).sort()).toEqual([...LEAD_FORMS].sort());
    for (const [form, guide] of guides) expect(guide.form).toBe(form);
  });

  it.each(guides)("%s: its title is the form's document title", (form, guide) => {
    expect(guide.title).toBe(LEAD_FORM_INFO[form].documentTitle);
  });

  it.each(guides)("%s: was last reviewed on a real calendar date, not in the future", (_form, guide) => {
    expect(guide.lastReviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const date = new Date(`${guide.lastReviewed}T00:00:00Z`);
    expect(date.toISOString().slice(0, 10)).toBe(guide.lastReviewed);
    expect(date.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it.each(guides)("%s: cites its sources over https, each once", (_form, guide) => {
    expect(guide.sources.length).toBeGreaterThan(0);
    for (const source of guide.sources) {
      expect(isHttps(source.url), source.url).toBe(true);
      expect(source.title.trim()).not.toBe("");
      expect(source.publisher.trim()).not.toBe("");
    }
    const urls = guide.sources.map((source) => source.url);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it.each(guides)("%s: links only to https pages it cites or to the site's existing pages", (_form, guide) => {
    const cited = new Set(guide.sources.map((source) => source.url));
    const links = linksOf(guide);
    expect(links.length).toBeGreaterThan(0);
    for (const { text, href } of links) {
      expect(text.trim(), href).not.toBe("");
      if (href.startsWith("/")) {
        expect(GUIDE_SITE_PATHS, href).toContain(href);
      } else {
        expect(isHttps(href), href).toBe(true);
        expect(cited.has(href), `${href} is linked but not listed under Sources`).toBe(true);
      }
    }
  });

  it.each(guides)("%s: has a short summary for the page's intro and meta description", (_form, guide) => {
    expect(guide.summary.length).toBeGreaterThan(50);
    expect(guide.summary.length).toBeLessThanOrEqual(320);
    expect(guide.summary.split(/(?<=[.!?])\s+/).length).toBeLessThanOrEqual(2);
  });

  it.each(guides)("%s: has no empty heading, block or text", (_form, guide) => {
    expect(guide.sections.length).toBeGreaterThan(1);
    for (const section of guide.sections) {
      expect(section.heading.trim()).not.toBe("");
      expect(section.blocks.length).toBeGreaterThan(0);
    }
    for (const text of allTexts(guide)) expect(text.trim()).not.toBe("");
  });

  it("allows exactly the report, the petition and the four guide pages as site links", () => {
    expect([...GUIDE_SITE_PATHS].sort()).toEqual(
      ["/report-scam", "/petition", "/timeshare-scam-checklist", "/where-scams-thrive", "/before-you-sign", "/spotting-exit-scams"].sort(),
    );
  });

  it("serves each PDF under /guides/ with the catalogue's file name", () => {
    expect(guidePdfPath("where-scams-thrive")).toBe("/guides/where-timeshare-scams-thrive.pdf");
    for (const form of LEAD_FORMS) expect(guidePdfPath(form)).toBe(`/guides/${LEAD_FORM_INFO[form].pdfFile}`);
  });
});

describe("the fact sheet: Where Timeshare Scams Thrive", () => {
  const tables = GUIDES["where-scams-thrive"].sections.flatMap((section) => section.blocks.filter((block) => block.kind === "table"));

  it("holds the state table, with exactly five states", () => {
    expect(tables).toEqual([STATE_TABLE]);
    expect(STATE_TABLE.rows).toHaveLength(5);
    expect(STATE_TABLE.rows.map((row) => row[0])).toEqual(["Colorado", "Nevada", "North Carolina", "South Carolina", "Texas"]);
  });

  it("gives every state its deadline, its statute, what is weak and what to do", () => {
    expect(STATE_TABLE.header).toEqual(["State", "Time to cancel, and the law", "What is weak there", "What to do"]);
    expect(STATE_TABLE.widths).toHaveLength(STATE_TABLE.header.length);
    for (const row of STATE_TABLE.rows) {
      expect(row).toHaveLength(STATE_TABLE.header.length);
      for (const cell of row) expect(cell.trim()).not.toBe("");
      const [, deadline] = row;
      expect(deadline, "a number of days").toMatch(/\b(5|5th|6th)\b/);
      expect(deadline, "a statute a reader can look up").toMatch(/(§\s\d|NRS\s\d)/);
    }
  });

  it("names each state in its summary and cites each state's statute", () => {
    const guide = GUIDES["where-scams-thrive"];
    for (const [state] of STATE_TABLE.rows) expect(guide.summary).toContain(state);
    const publishers = guide.sources.map((source) => source.publisher);
    for (const legislature of [
      "Colorado General Assembly",
      "Nevada Legislature",
      "North Carolina General Assembly",
      "South Carolina Legislature",
      "Texas Legislature",
    ]) {
      expect(publishers).toContain(legislature);
    }
  });
});

describe("rich text", () => {
  it("reads plain strings and linked runs alike", () => {
    expect(runsOf("plain")).toEqual([{ text: "plain" }]);
    const text = ["See ", { text: "the FTC", href: "https://consumer.ftc.gov" }, "."] as const;
    expect(runsOf(text)).toEqual([{ text: "See " }, { text: "the FTC", href: "https://consumer.ftc.gov" }, { text: "." }]);
    expect(plainText(text)).toBe("See the FTC.");
  });
});
