// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { REPORT_KINDS } from "../../src/content/timeshare-scam";
import { isPublicPage, PUBLIC_ROUTES } from "../../src/publicRoutes";
import { DEFAULT_PETITION_ID, signPath } from "../../src/site";
import { hrefsOf, renderRoute } from "../render-route";
import { ROUTE_DESCRIPTIONS } from "../../src/routeDescriptions";

afterEach(cleanup);

/** The page's own content (the layout's header and footer left out). */
function mainOf(path: string): HTMLElement {
  const { container } = renderRoute(path);
  const main = container.querySelector("main");
  if (!main) throw new Error(`no <main> at ${path}`);
  return main;
}

const texts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((el) => el.textContent?.trim() ?? "");

/** The section (<section>) whose <h2> reads `title`. */
function sectionOf(main: HTMLElement, title: string): HTMLElement {
  const heading = [...main.querySelectorAll("h2")].find((h) => h.textContent?.trim() === title);
  const section = heading?.closest("section");
  if (!section) throw new Error(`no section headed "${title}"`);
  return section;
}

/** Every link of the page's content: its text and where it goes. */
const linksOf = (main: HTMLElement) => [...main.querySelectorAll("a")].map((a) => ({ text: a.textContent?.trim(), href: a.getAttribute("href") }));

/** Only one <h1>, and no heading skips a level (h1 > h2 > h3), over the whole document. */
function expectHeadingOutline(path: string) {
  const { container } = renderRoute(path);
  const levels = [...container.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });
}

describe.each(["/timeshare-scam", "/how-timeshare-scams-work", "/timeshare-scam-awareness"])("%s", (path) => {
  it("is a public, prerendered route with a title and a 120-200 character description", () => {
    expect(isPublicPage(path)).toBe(true);
    const route = PUBLIC_ROUTES.find((r) => r.path === path);
    expect(route && "title" in route && route.title.length).toBeGreaterThan(0);
    const description = ROUTE_DESCRIPTIONS[path as keyof typeof ROUTE_DESCRIPTIONS] ?? "";
    expect(description.length).toBeGreaterThanOrEqual(120);
    expect(description.length).toBeLessThanOrEqual(200);
  });

  it("has one <h1> and headings in order", () => expectHeadingOutline(path));

  it("links only to pages the site has, and off-site only to the FTC and IC3, in the same tab", () => {
    const main = mainOf(path);
    for (const a of main.querySelectorAll("a")) {
      const href = a.getAttribute("href") ?? "";
      if (href.startsWith("/")) expect(isPublicPage(href), href).toBe(true);
      else if (href.startsWith("#")) expect(main.querySelector(href), href).not.toBeNull();
      else {
        expect(new URL(href).hostname, href).toMatch(/(^|\.)(ftc\.gov|ic3\.gov)$/);
        expect(new URL(href).protocol).toBe("https:");
        expect(a.getAttribute("target")).toBeNull();
      }
    }
  });
});

describe("Report a Timeshare Scam (/timeshare-scam)", () => {
  it("opens with its title", () => {
    expect(texts(mainOf("/timeshare-scam"), "h1")).toEqual(["Report a Timeshare Scam"]);
  });

  it("says why to report", () => {
    const section = sectionOf(mainOf("/timeshare-scam"), "Why Your Report Matters");
    expect(section.querySelectorAll("ul > li")).toHaveLength(4);
  });

  it("lists the five kinds of scam, one per scam type of the report wizard", () => {
    expect(REPORT_KINDS.kinds.map((k) => k.scamType)).toEqual(["fake_resale", "upfront_fees", "high_pressure", "refund_exit", "other"]);
    const section = sectionOf(mainOf("/timeshare-scam"), "Five Kinds of Scams You Can Report");
    expect(texts(section, "li h3")).toEqual(["Fake resale offers", "Upfront fees", "High-pressure sales", "Refund and exit scams", "Other schemes"]);
    expect(section.textContent).toMatch(/inheritance/i);
    expect(section.textContent).toMatch(/recovery/i);
  });

  it("says what happens after: initial review, data analysis, support and resources, in that order", () => {
    const section = sectionOf(mainOf("/timeshare-scam"), "What Happens After You Report");
    expect(texts(section, "ol > li h3")).toEqual(["Initial Review", "Data Analysis", "Support and Resources"]);
  });

  it("says where else to report: the FTC, the state attorney general, the FBI's IC3", () => {
    const main = mainOf("/timeshare-scam");
    const section = sectionOf(main, "Where Else to Report");
    expect(section.id).toBe("where-else-to-report");
    expect(texts(section, "li h3")).toEqual(["Federal Trade Commission (FTC)", "Your state attorney general", "FBI Internet Crime Complaint Center (IC3)"]);
    expect(hrefsOf(main, "Report to the FTC at ReportFraud.ftc.gov")).toEqual(["https://reportfraud.ftc.gov"]);
    expect(hrefsOf(main, "File a complaint at IC3.gov")).toEqual(["https://www.ic3.gov"]);
    expect(hrefsOf(main, "See Where Else to Report")).toEqual(["#where-else-to-report"]);
  });

  it("says what evidence to keep", () => {
    const section = sectionOf(mainOf("/timeshare-scam"), "Evidence to Keep");
    const items = texts(section, "ul > li");
    expect(items).toHaveLength(6);
    for (const kind of ["Contracts", "Receipts", "E-mails", "Call logs", "Names and phone numbers", "Websites"]) {
      expect(
        items.some((item) => item.startsWith(kind)),
        kind,
      ).toBe(true);
    }
  });

  it("links to the report wizard and the checklist once they exist, and to the education page", () => {
    const main = mainOf("/timeshare-scam");
    const report = isPublicPage("/report-scam") ? ["/report-scam", "/report-scam"] : [];
    const checklist = isPublicPage("/timeshare-scam-checklist") ? ["/timeshare-scam-checklist", "/timeshare-scam-checklist"] : [];
    expect(hrefsOf(main, "Start Your Report")).toEqual(report);
    expect(hrefsOf(main, "Get the Free Scam Checklist")).toEqual(checklist);
    expect(hrefsOf(main, "Read How Timeshare Scams Work")).toEqual(["/how-timeshare-scams-work"]);
    expect(hrefsOf(main, "Check a company before you pay")).toEqual(["/scam-alerts"]);
    expect(hrefsOf(main, "Already reported? Follow your report's status")).toEqual(["/report-status"]);
    expect(linksOf(main).filter((l) => l.href?.startsWith("/"))).toHaveLength(report.length + checklist.length + 3);
  });
});

describe("How Timeshare Scams Work (/how-timeshare-scams-work)", () => {
  it("has the spec's headings", () => {
    const main = mainOf("/how-timeshare-scams-work");
    expect(texts(main, "h1")).toEqual(["How Timeshare Scams Work"]);
    const h2 = texts(main, "h2");
    for (const title of ["The Timeshare Scam Trap", "Your Guide to Safety", "Take Control Today"]) expect(h2).toContain(title);
    expect(h2.at(-1)).toBe("Take Control Today");
  });

  it("'The Timeshare Scam Trap' is a list of five steps, from the first contact to the recovery scam", () => {
    const section = sectionOf(mainOf("/how-timeshare-scams-work"), "The Timeshare Scam Trap");
    expect(texts(section, "ol > li h3")).toEqual([
      "The contact out of the blue",
      "The pitch",
      "The upfront fee",
      "The stalling and the new fees",
      "The disappearance and the recovery scam",
    ]);
  });

  it("'Your Guide to Safety' gives three tips", () => {
    const section = sectionOf(mainOf("/how-timeshare-scams-work"), "Your Guide to Safety");
    expect(texts(section, "ol > li h3")).toEqual(["Never pay up front", "Get every promise in writing", "Check before you trust"]);
  });

  it("explains the four scams: resale, upfront-fee, exit and inheritance", () => {
    const section = sectionOf(mainOf("/how-timeshare-scams-work"), "Four Scams Every Owner Should Know");
    expect(texts(section, "li h3")).toEqual(["Resale scams", "Upfront-fee scams", "Exit scams", "Inheritance scams"]);
    expect(section.textContent).toMatch(/disclaim/);
  });

  it("lists the spec's seven warning signs", () => {
    const section = sectionOf(mainOf("/how-timeshare-scams-work"), "Warning Signs to Watch For");
    expect(texts(section, "li h3")).toEqual([
      "Fake offer",
      "High-pressure sales pitch",
      "Hidden fees and legal traps",
      "Difficulty cancelling or reselling",
      "Financial loss or credit damage",
      "Upfront fees",
      "No written exit policy",
    ]);
  });

  it("'Report a Scam' (hero) and 'Report a Scam Now' (closing) lead to /timeshare-scam, and nothing else is linked", () => {
    const main = mainOf("/how-timeshare-scams-work");
    expect(linksOf(main)).toEqual([
      { text: "Report a Scam", href: "/timeshare-scam" },
      { text: "Report a Scam Now", href: "/timeshare-scam" },
    ]);
    expect(sectionOf(main, "Take Control Today").querySelector("a")?.textContent).toBe("Report a Scam Now");
  });
});

describe("Timeshare Scam Awareness (/timeshare-scam-awareness)", () => {
  it("has the spec's headings", () => {
    const main = mainOf("/timeshare-scam-awareness");
    expect(texts(main, "h1")).toEqual(["Timeshare Scam Awareness"]);
    const h2 = texts(main, "h2");
    for (const title of ["Your Expert Ally", "3 Steps to Stay Safe"]) expect(h2).toContain(title);
  });

  it("shows three danger cards", () => {
    const section = sectionOf(mainOf("/timeshare-scam-awareness"), "Three Dangers Every Owner Faces");
    expect(texts(section, "ul > li h3")).toEqual([
      "Fake buyers and resale offers",
      "Exit companies that take and vanish",
      "Timeshare debt aimed at your family",
    ]);
  });

  it("'3 Steps to Stay Safe' is the spec's plan: research the company, take time and avoid pressure, report red flags", () => {
    const section = sectionOf(mainOf("/timeshare-scam-awareness"), "3 Steps to Stay Safe");
    expect(texts(section, "ol > li h3")).toEqual(["Research the company", "Take time and avoid pressure", "Report red flags"]);
  });

  it("pairs a success card with a risk card", () => {
    const section = sectionOf(mainOf("/timeshare-scam-awareness"), "Where Each Choice Leads");
    expect(texts(section, "h3")).toEqual(["Owners who follow the plan", "Owners who are rushed"]);
    expect(section.querySelectorAll("ul")).toHaveLength(2);
  });

  it("'Join the Fight Now' leads to /timeshare-scam; the final 'Sign the Petition Now' to the petition (a departure)", () => {
    const main = mainOf("/timeshare-scam-awareness");
    const sign = signPath(DEFAULT_PETITION_ID);
    expect(sign).toMatch(/^\/sign\/./);
    expect(linksOf(main)).toEqual([
      { text: "Join the Fight Now", href: "/timeshare-scam" },
      { text: "Learn How Timeshare Scams Work", href: "/how-timeshare-scams-work" },
      { text: "Sign the Petition Now", href: sign },
    ]);
    const last = [...main.querySelectorAll("section")].at(-1)!;
    expect(last.querySelector("a")?.textContent).toBe("Sign the Petition Now");
  });
});
