// @vitest-environment jsdom
import { cleanup, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DENIED_RIGHTS, DONATE_BANNER, HERO, INHERITED_DEBT, STRATEGY, URGENT_WARNING } from "../../src/content/consumer-rights";
import { PUBLIC_ROUTES } from "../../src/publicRoutes";
import { DEFAULT_PETITION_ID, signPath } from "../../src/site";
import { hrefsOf, renderRoute } from "../render-route";
import { ROUTE_DESCRIPTIONS } from "../../src/routeDescriptions";

const SIGN = signPath(DEFAULT_PETITION_ID);

afterEach(cleanup);

function renderPage() {
  const { container } = renderRoute("/consumer-rights");
  const main = container.querySelector("main");
  if (!main) throw new Error("no <main>");
  return main;
}

/** Levels of every heading in document order. */
const headingLevels = (root: HTMLElement) => [...root.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));

/** The <section> a heading names. */
function sectionOf(main: HTMLElement, title: string): HTMLElement {
  const heading = within(main).getByRole("heading", { level: 2, name: title });
  const section = heading.closest("section");
  if (!section) throw new Error(`no section around "${title}"`);
  return section;
}

describe("/consumer-rights", () => {
  it("is a public route with a title and a search description of 120-200 characters", () => {
    const route = PUBLIC_ROUTES.find((r) => r.path === "/consumer-rights");
    expect(route).toBeDefined();
    expect(route && "title" in route && route.title).toBeTruthy();
    const description = ROUTE_DESCRIPTIONS["/consumer-rights"];
    expect(description.length).toBeGreaterThanOrEqual(120);
    expect(description.length).toBeLessThanOrEqual(200);
  });

  it("has one h1 (the hero) and headings in order, without skipped levels", () => {
    const main = renderPage();
    const h1s = within(main).getAllByRole("heading", { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual([HERO.title]);
    const levels = headingLevels(main);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
  });

  it("shows the spec's sections: denied-rights cards, inherited debt, mission, 3-step strategy, donate banner, urgent warning", () => {
    const main = renderPage();
    const denied = sectionOf(main, "Timeshare Owners Denied Their Rights");
    const cards = within(denied)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(cards).toEqual(DENIED_RIGHTS.cards.map((c) => c.title));
    expect(cards.length).toBeGreaterThanOrEqual(5);
    expect(denied.textContent).toMatch(/perpetuity/);
    expect(denied.textContent).toMatch(/3 to 15 days/);
    expect(denied.textContent).toMatch(/maintenance fees/);

    const inherited = sectionOf(main, INHERITED_DEBT.title);
    const text = inherited.textContent ?? "";
    expect(text).toMatch(/disclaim/);
    expect(text).toMatch(/nine months/);
    expect(text).toMatch(/probate attorney/i);
    expect(text).toMatch(/deed-back/);
    expect(text).toMatch(/Do not use it or pay its fees before you decide/);

    const mission = sectionOf(main, "Fair Rules for Every Timeshare Owner");
    expect(
      within(mission)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Fair cancellation rights for every owner",
      "A longer rescission period to change your mind",
      "An end to automatic inheritance of timeshare debt",
    ]);

    const strategy = sectionOf(main, "Our 3-Step Strategy");
    const steps = strategy.querySelectorAll("ol > li");
    expect(steps).toHaveLength(3);
    expect([...steps].map((li) => li.querySelector("h3")?.textContent)).toEqual(STRATEGY.steps.map((s) => s.title));

    expect(within(main).getByRole("heading", { level: 2, name: DONATE_BANNER.title })).toBeTruthy();

    const warning = sectionOf(main, URGENT_WARNING.title);
    expect(warning.textContent).toMatch(/Never pay an upfront fee/);
    expect(warning.textContent).toMatch(/state attorney general/);
  });

  it("sends every button to the default petition's sign page, except the donate banner's, which goes to /donate", () => {
    const main = renderPage();
    for (const label of [HERO.signButton, INHERITED_DEBT.signButton, STRATEGY.signButton, URGENT_WARNING.signButton]) {
      expect(hrefsOf(main, label), label).toEqual([SIGN]);
    }
    expect(HERO.signButton).toBe("Sign the Petition Now");
    expect(hrefsOf(main, DONATE_BANNER.button)).toEqual(["/donate"]);

    const internal = [...main.querySelectorAll("a")].map((a) => a.getAttribute("href") ?? "").filter((href) => href.startsWith("/"));
    expect(internal.filter((href) => href === SIGN)).toHaveLength(4);
    expect(internal.filter((href) => href !== SIGN)).toEqual(["/donate"]);

    // The donate banner is the gold band, not one of the sign buttons' sections.
    const banner = within(main).getByRole("heading", { level: 2, name: DONATE_BANNER.title }).closest("section")!;
    expect(hrefsOf(banner, /./)).toEqual(["/donate"]);
  });

  it("links only to the official reporting sites, in the same tab, with descriptive text", () => {
    const main = renderPage();
    const external = [...main.querySelectorAll("a")].filter((a) => !(a.getAttribute("href") ?? "").startsWith("/"));
    expect(external.map((a) => new URL(a.href).hostname).sort()).toEqual(["consumer.ftc.gov", "reportfraud.ftc.gov", "www.ic3.gov"]);
    for (const a of external) {
      expect(a.getAttribute("target")).toBeNull();
      expect(a.textContent).toMatch(/^(Report|Read) .+ at /);
    }
  });
});
