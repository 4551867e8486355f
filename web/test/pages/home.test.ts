// @vitest-environment jsdom
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TESTIMONIALS } from "../../src/content/home";
import { isPublicPage } from "../../src/publicRoutes";
import { DEFAULT_PETITION_ID, sharePath } from "../../src/site";
import { hrefsOf, renderRoute } from "../render-route";

/**
 * The home page links to pages that other issues build. Each case below runs twice: with the route
 * list as it is, and with every one of those pages added, so both the hidden and the shown state of
 * each link (and of the fact-sheet section) are checked whatever has been built so far.
 */
const pages = vi.hoisted(() => ({ extra: new Set<string>() }));
vi.mock("../../src/publicRoutes", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/publicRoutes")>();
  return {
    ...real,
    isPublicPage: (href: string) => real.isPublicPage(href) || pages.extra.has(href.split(/[?#]/)[0]!),
  };
});

const LINKED_PAGES = [
  "/consumer-rights",
  "/timeshare-scam",
  "/timeshare-scam-checklist",
  "/where-scams-thrive",
  "/before-you-sign",
  "/spotting-exit-scams",
  "/donate",
];
const GUIDES = ["/where-scams-thrive", "/before-you-sign", "/spotting-exit-scams"];

/** `[path]` when the page exists, else `[]`: a link to a page not built yet must not be rendered. */
const ifBuilt = (path: string) => (isPublicPage(path) ? [path] : []);

function renderHome() {
  const { container } = renderRoute("/");
  const main = container.querySelector("main");
  if (!main) throw new Error("no <main>");
  return main;
}

const headings = (root: HTMLElement, selector: string) => [...root.querySelectorAll(selector)].map((h) => h.textContent?.trim());

afterEach(() => {
  cleanup();
  pages.extra.clear();
});

describe.each([
  ["with the pages built so far", [] as string[]],
  ["once every linked page exists", LINKED_PAGES],
])("home page /, %s", (_, extra) => {
  beforeEach(() => {
    for (const path of extra) pages.extra.add(path);
  });

  it("opens with the foundation's promise as its only h1, in a hero of text alone", () => {
    const main = renderHome();
    const h1s = main.querySelectorAll("h1");
    expect(h1s).toHaveLength(1);
    expect(h1s[0]!.textContent).toBe("Protecting timeshare owners and their families");
    const hero = h1s[0]!.closest("section")!;
    expect(hero.querySelectorAll("img, svg, picture, video")).toHaveLength(0);
    expect(hero.textContent).toContain("Timeshare Owners Foundation");
  });

  it("has the spec's sections in order, headings never skipping a level", () => {
    const main = renderHome();
    const anyGuide = GUIDES.some((path) => isPublicPage(path));
    expect(headings(main, "h2")).toEqual([
      "A nonprofit on the owner's side",
      "Nine owners, nine different traps",
      "Ask lawmakers for a fair way out",
      "What every owner should know",
      "Seen a timeshare scam? Report it",
      ...(anyGuide ? ["Fact sheets and guides"] : []),
      "A vacation should not become a lifelong debt",
      "Ways you can help",
      "Check before you sign or pay anyone",
    ]);
    let previous = 1;
    for (const heading of main.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
      const level = Number(heading.tagName[1]);
      expect(level, heading.textContent ?? "").toBeLessThanOrEqual(previous + 1);
      previous = level;
    }
  });

  it("hero: Read and Sign the Petition goes to /petition, Know Your Rights to /consumer-rights once it exists", () => {
    const main = renderHome();
    const hero = main.querySelector("h1")!.closest("section")!;
    expect(hrefsOf(hero, "Read and Sign the Petition")).toEqual(["/petition"]);
    expect(hrefsOf(hero, "Know Your Rights")).toEqual(ifBuilt("/consumer-rights"));
  });

  it("who we are: three things that set the foundation apart", () => {
    const main = renderHome();
    expect(main.textContent).toContain("The Timeshare Owners Foundation stands with timeshare owners");
    expect(headings(main, "h3")).toEqual(expect.arrayContaining(["Independent", "Free to every owner", "Shaped by owners"]));
  });

  it("nine owners' stories in a keyboard-scrollable list, each with name, place, quote and story", () => {
    const main = renderHome();
    const region = main.querySelector('[role="region"][aria-label="Owners\' stories"]');
    expect(region).not.toBeNull();
    expect(region!.getAttribute("tabindex")).toBe("0");
    const items = region!.querySelectorAll(":scope > ul > li");
    expect(items).toHaveLength(9);
    expect(TESTIMONIALS).toHaveLength(9);
    TESTIMONIALS.forEach((person, index) => {
      const item = items[index]!;
      expect(item.querySelector("h3")?.textContent).toBe(person.name);
      expect(item.querySelector("blockquote")?.textContent).toBe(`“${person.quote}”`);
      expect(item.textContent).toContain(person.place);
      expect(item.textContent).toContain(person.story);
      expect(item.querySelector('svg[role="img"]')?.getAttribute("aria-label")).toBe(`Portrait of ${person.name}`);
      expect(person.replaceBeforeLaunch.length).toBeGreaterThan(20);
    });
    expect(new Set(TESTIMONIALS.map((p) => p.name)).size).toBe(9);
    expect(region!.querySelectorAll("a, button")).toHaveLength(0);
  });

  it("sign-the-petition section: the three demands and Sign the Petition to /petition", () => {
    const main = renderHome();
    for (const demand of [
      "Fair cancellation rights for every owner",
      "A longer rescission period, so buyers have real time to change their minds",
      "An end to automatic inheritance of timeshare debt",
    ]) {
      expect(main.textContent).toContain(demand);
    }
    expect(hrefsOf(main, "Sign the Petition")).toEqual(["/petition"]);
  });

  it("know-your-rights section: four points, and Learn About Your Rights to /consumer-rights once it exists", () => {
    const main = renderHome();
    expect(headings(main, "h3")).toEqual(
      expect.arrayContaining([
        "You can cancel a new purchase, but only for a few days",
        "Only what is in writing counts",
        "Your children can say no",
        "Nobody needs your money up front",
      ]),
    );
    expect(hrefsOf(main, "Learn About Your Rights")).toEqual(ifBuilt("/consumer-rights"));
  });

  it("report-a-scam section: five kinds, Report a Scam to /timeshare-scam once it exists, the FTC and IC3 opened normally", () => {
    const main = renderHome();
    expect(main.textContent).toContain("What you can report");
    expect(main.textContent).toContain("An exit company that wants payment in advance to cancel your contract");
    expect(hrefsOf(main, "Report a Scam")).toEqual(ifBuilt("/timeshare-scam"));
    const external = [...main.querySelectorAll("a")].filter((a) => /^https?:/.test(a.getAttribute("href") ?? ""));
    expect(external.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Report to the FTC at ReportFraud.ftc.gov", "https://reportfraud.ftc.gov/"],
      ["Report internet fraud to the FBI at IC3.gov", "https://www.ic3.gov/"],
    ]);
    for (const a of external) expect(a.getAttribute("target")).toBeNull();
    expect(main.textContent).toContain("Your state attorney general's office");
  });

  it("fact-sheet cards: one per guide that exists, the section only when at least one does", () => {
    const main = renderHome();
    expect(hrefsOf(main, "Get the Fact Sheet")).toEqual(ifBuilt("/where-scams-thrive"));
    expect(hrefsOf(main, "Get the Contract Guide")).toEqual(ifBuilt("/before-you-sign"));
    expect(hrefsOf(main, "Get the Exit-Scam Guide")).toEqual(ifBuilt("/spotting-exit-scams"));
    const built = GUIDES.filter((path) => isPublicPage(path)).length;
    const cardTitles = ["Where Timeshare Scams Thrive", "Before You Sign a Contract", "Spotting Exit Scams"];
    expect(headings(main, "h3").filter((t) => cardTitles.includes(t!))).toHaveLength(built);
    expect(main.textContent!.includes("Fact sheets and guides")).toBe(built > 0);
  });

  it("why-this-matters section shows the spec's figures", () => {
    const main = renderHome();
    const figures = main.querySelector('ul[aria-label="Timeshare figures"]')!;
    expect([...figures.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "87% of owners regret their purchase",
      "3-10 days is all most buyers get to cancel",
      "$22K average loss per owner",
    ]);
    expect(main.textContent).not.toMatch(/10,000|10000/);
  });

  it("ways to help: five items that stay listed, each linking to its page once it exists", () => {
    const main = renderHome();
    const section = [...main.querySelectorAll("section")].find((s) => s.querySelector("h2")?.textContent === "Ways you can help")!;
    const items = section.querySelectorAll(":scope ul > li");
    expect([...items].map((li) => li.querySelector("h3")?.textContent)).toEqual([
      "Sign the petition",
      "Share it with your family",
      "Report a scam",
      "Download the checklist",
      "Donate",
    ]);
    expect(hrefsOf(section, "Read the petition")).toEqual(["/petition"]);
    expect(hrefsOf(section, "Share the petition")).toEqual([sharePath(DEFAULT_PETITION_ID)]);
    expect(hrefsOf(section, "Tell us what happened")).toEqual(ifBuilt("/timeshare-scam"));
    expect(hrefsOf(section, "Get the checklist")).toEqual(ifBuilt("/timeshare-scam-checklist"));
    expect(hrefsOf(section, "Make a donation")).toEqual(ifBuilt("/donate"));
    expect(section.textContent).toContain("Gifts pay for our free guides");
  });

  it("closes with Read Your Rights and Get the Free Checklist, each once its page exists", () => {
    const main = renderHome();
    const closing = [...main.querySelectorAll("section")].at(-1)!;
    expect(closing.querySelector("h2")?.textContent).toBe("Check before you sign or pay anyone");
    expect(hrefsOf(closing, "Read Your Rights")).toEqual(ifBuilt("/consumer-rights"));
    expect(hrefsOf(closing, "Get the Free Checklist")).toEqual(ifBuilt("/timeshare-scam-checklist"));
  });

  it("links only to pages the site has, each with its own text", () => {
    const main = renderHome();
    const internal = [...main.querySelectorAll("a")].filter((a) => a.getAttribute("href")?.startsWith("/"));
    expect(internal.length).toBeGreaterThanOrEqual(3);
    for (const a of internal) expect(isPublicPage(a.getAttribute("href")!), a.getAttribute("href")!).toBe(true);
    const texts = internal.map((a) => a.textContent?.trim());
    expect(new Set(texts).size).toBe(texts.length);
    // (16: with "Check a company before you pay", /scam-alerts, beside the report's button)
    if (extra.length > 0) expect(internal).toHaveLength(16);
    expect(hrefsOf(main, "Check a company before you pay")).toEqual(["/scam-alerts"]);
  });
});

describe("home page / with only some of the guides built", () => {
  it("shows the fact-sheet section with a card for each guide that exists", () => {
    pages.extra.add("/before-you-sign");
    const main = renderHome();
    expect(headings(main, "h2")).toContain("Fact sheets and guides");
    expect(hrefsOf(main, "Get the Contract Guide")).toEqual(["/before-you-sign"]);
    expect(hrefsOf(main, "Get the Fact Sheet")).toEqual(ifBuilt("/where-scams-thrive"));
    expect(hrefsOf(main, "Get the Exit-Scam Guide")).toEqual(ifBuilt("/spotting-exit-scams"));
  });
});
