// @vitest-environment jsdom
import { cleanup, fireEvent, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as cancelContent from "../../src/content/donation-cancel";
import * as completeContent from "../../src/content/donation-complete";
import * as donateContent from "../../src/content/donate";
import { completeDonationLink } from "../../src/pages/DonationCancelPage";
import { PUBLIC_ROUTES } from "../../src/publicRoutes";
import { DEFAULT_PETITION_ID, signPath } from "../../src/site";
import { hrefsOf, renderRoute } from "../render-route";
import { ROUTE_DESCRIPTIONS } from "../../src/routeDescriptions";

/** The online payment page the build is given (DONATION_URL); "" until the foundation has one. */
const donation = vi.hoisted(() => ({ url: "" }));
vi.mock("../../src/site", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/site")>()),
  get DONATION_URL() {
    return donation.url;
  },
}));

const SIGN = signPath(DEFAULT_PETITION_ID);
const PAYMENT_PAGE = "https://donate.example.org/timeshare-owners";

afterEach(() => {
  cleanup();
  donation.url = "";
});

function renderPage(path: string): HTMLElement {
  const { container } = renderRoute(path);
  const main = container.querySelector("main");
  if (!main) throw new Error("no <main>");
  return main;
}

const h1Text = (main: HTMLElement) =>
  within(main)
    .getAllByRole("heading", { level: 1 })
    .map((h) => h.textContent);

/** Levels of every heading in document order never skip one (h1 > h2 > h3). */
function expectHeadingsInOrder(main: HTMLElement) {
  const levels = [...main.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => Number(h.tagName[1]));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => {
    if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
  });
}

const route = (path: string) => {
  const found = PUBLIC_ROUTES.find((r) => r.path === path) as { title?: string; index?: boolean } | undefined;
  return found && { ...found, description: ROUTE_DESCRIPTIONS[path as keyof typeof ROUTE_DESCRIPTIONS] as string | undefined };
};

describe("donation routes", () => {
  it("are public pages with titles and 120-200 character descriptions; the return pages stay out of search results", () => {
    for (const path of ["/donate", "/complete", "/cancel"]) {
      const r = route(path);
      expect(r?.title, path).toBeTruthy();
      expect(r?.description?.length, path).toBeGreaterThanOrEqual(120);
      expect(r?.description?.length, path).toBeLessThanOrEqual(200);
    }
    expect(route("/donate")?.index).not.toBe(false);
    expect(route("/complete")?.index).toBe(false);
    expect(route("/cancel")?.index).toBe(false);
  });
});

describe("/donate", () => {
  it("is titled 'Join the Movement', with headings in order", () => {
    const main = renderPage("/donate");
    expect(h1Text(main)).toEqual(["Join the Movement"]);
    expectHeadingsInOrder(main);
    for (const title of ["What Your Gift Pays For", "How We Are Funded and Held Accountable", "Other Ways to Help"]) {
      expect(within(main).getByRole("heading", { level: 2, name: title })).toBeTruthy();
    }
  });

  it("has Donate buttons at the top, in the middle and at the end, all plain links to /donation.html", () => {
    const main = renderPage("/donate");
    const donate = [...main.querySelectorAll("a")].filter((a) => /^Donate\b/.test(a.textContent ?? ""));
    expect(donate.map((a) => a.textContent)).toEqual([
      donateContent.HERO.donateButton,
      donateContent.GIFT_USES.donateButton,
      donateContent.FINAL_CTA.donateButton,
    ]);
    for (const a of donate) {
      expect(a.getAttribute("href")).toBe("/donation.html");
      expect(a.getAttribute("target")).toBeNull();
    }
    // the hero's is first on the page, the final band's is last
    const links = [...main.querySelectorAll("a")];
    expect(links.indexOf(donate[0]!)).toBe(0);
    expect(links.indexOf(donate[2]!)).toBe(links.length - 1);
  });

  it("leaves the app for /donation.html (a static file, not a route of the router)", () => {
    const main = renderPage("/donate");
    // stop jsdom's own navigation after React (and the router, were it a router link) had its turn
    const stop = (event: Event) => event.preventDefault();
    window.addEventListener("click", stop);
    try {
      fireEvent.click(within(main).getByRole("link", { name: donateContent.HERO.donateButton }));
      expect(h1Text(document.querySelector("main")!)).toEqual(["Join the Movement"]);
    } finally {
      window.removeEventListener("click", stop);
    }
  });

  it("says what a gift pays for and marks what only the foundation can confirm", () => {
    const main = renderPage("/donate");
    const uses = within(main).getByRole("heading", { level: 2, name: "What Your Gift Pays For" }).closest("section")!;
    const titles = within(uses)
      .getAllByRole("heading", { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(["Legal research", "Support for owners and families", "Scam alerts", "The petition campaign"]);
    // tax status, EIN and annual report are the foundation's to supply: no invented figures
    const marked = donateContent.ACCOUNTABILITY.items.filter((item) => "replaceBeforeLaunch" in item).map((item) => item.title);
    expect(marked).toEqual(expect.arrayContaining(["A registered nonprofit", "An annual report you can read"]));
    expect(main.textContent).not.toMatch(/\b\d{2}-\d{7}\b/); // no EIN-shaped number
  });

  it("offers other ways to help: signing the default petition", () => {
    const main = renderPage("/donate");
    expect(hrefsOf(main, "Sign the Petition")).toEqual([SIGN]);
    expect(hrefsOf(main, "Read the Petition")).toEqual(["/petition"]);
    expect(hrefsOf(main, "Read About Your Rights")).toEqual(["/consumer-rights"]);
  });

  it("is linked from the site header now that it exists", () => {
    const { container } = renderRoute("/petition");
    const header = hrefsOf(container.querySelector("header")!, "Donate");
    expect(header.length).toBeGreaterThanOrEqual(1);
    expect(new Set(header)).toEqual(new Set(["/donate"]));
    expect(hrefsOf(container.querySelector("main")!, "Donate to the Campaign")).toEqual(["/donate"]);
  });
});

describe("/complete (donation thank-you)", () => {
  it("is titled 'You Fought Timeshare Debt' and thanks the donor", () => {
    const main = renderPage("/complete");
    expect(h1Text(main)).toEqual(["You Fought Timeshare Debt"]);
    expectHeadingsInOrder(main);
    expect(main.textContent).toContain("Thank you for your donation");
    expect(within(main).getByRole("heading", { level: 2, name: "What Happens Next" })).toBeTruthy();
    expect(main.textContent).toMatch(/receipt/);
    expect(main.textContent).toMatch(/payment provider e-mails a receipt/);
  });

  it("has Return Home links to / and a sign-the-petition link", () => {
    const main = renderPage("/complete");
    const home = hrefsOf(main, "Return Home");
    expect(home.length).toBeGreaterThanOrEqual(1);
    expect(new Set(home)).toEqual(new Set(["/"]));
    expect(hrefsOf(main, completeContent.CLOSING.signButton)).toEqual([SIGN]);
  });
});

describe("/cancel (donation abandoned)", () => {
  it("is titled 'Still Time to Act', with a Return Home link and a sign link", () => {
    const main = renderPage("/cancel");
    expect(h1Text(main)).toEqual(["Still Time to Act"]);
    expectHeadingsInOrder(main);
    expect(hrefsOf(main, "Return Home")).toEqual(["/"]);
    expect(hrefsOf(main, cancelContent.OTHER_WAY.signButton)).toEqual([SIGN]);
  });

  it("opens the online payment page in a new tab, and says so to screen readers", () => {
    donation.url = PAYMENT_PAGE;
    const main = renderPage("/cancel");
    expect(hrefsOf(main, "Complete Your Donation Now")).toEqual([PAYMENT_PAGE]);
    const link = within(main).getByRole("link", { name: "Complete Your Donation Now (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe(PAYMENT_PAGE);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("without an online payment page, leads to /donation.html in the same tab", () => {
    donation.url = "";
    const main = renderPage("/cancel");
    const link = within(main).getByRole("link", { name: "Complete Your Donation Now" });
    expect(link.getAttribute("href")).toBe("/donation.html");
    expect(link.getAttribute("target")).toBeNull();
    expect(link.getAttribute("rel")).toBeNull();
  });

  it("picks the link from DONATION_URL", () => {
    expect(completeDonationLink(PAYMENT_PAGE)).toEqual({ href: PAYMENT_PAGE, target: "_blank", rel: "noopener noreferrer" });
    expect(completeDonationLink("")).toEqual({ href: "/donation.html" });
  });
});
