/**
 * Every public page in a real browser, on the built site served by the local stack: its spec content
 * and button targets, and no axe findings (WCAG 2.1 AA) on a desktop or a phone, from one load; every
 * internal link of the prerendered site leading to a page, and the site-wide accessibility behaviour (skip link, focus
 * on navigation, menus, reduced motion, the live count).
 */
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it, type ExpectStatic } from "vitest";
import { GUIDES, isSitePath, linksOf, type Guide } from "../../packages/core/src/guides";
import { LEAD_FORMS, LEAD_FORM_INFO, LEAD_MESSAGES } from "../../packages/core/src/lead/forms";
import { PRIVACY_MESSAGES } from "../../packages/core/src/privacy/input";
import { MISSING_TOKEN } from "../../web/src/content/newsletter";
import { PRERENDER_ROUTES, isPublicPage } from "../../web/src/publicRoutes";
import { axeFindings, describeFindings } from "../support/axe";
import { fileBrowser, visit } from "../support/browser";

const stack = inject("stack");
const browser = fileBrowser();
const SIGN = `/sign/${stack.defaultPetitionId}`;

/** A guide page shows its document and the form; its links to the site's pages lead where the document says. */
function guideSpec(guide: Guide) {
  const buttons: Record<string, string[]> = {};
  for (const link of linksOf(guide).filter((l) => isSitePath(l.href))) (buttons[link.text] ??= []).push(link.href);
  return { h1: guide.title, texts: [...guide.sections.map((s) => s.heading), "Sources", "Last reviewed", LEAD_MESSAGES.consentLabel], buttons };
}

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function open(path: string, viewport: keyof typeof VIEWPORTS = "desktop", options: { reducedMotion?: "reduce" } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.url, viewport: VIEWPORTS[viewport], ...options });
  const page = await context.newPage();
  await visit(page, path);
  return page;
}

/** The targets of the page's links or buttons (rendered as links) whose accessible name is `name`. */
async function targets(page: Page, name: string | RegExp): Promise<string[]> {
  const links = page.getByRole("main").getByRole("link", { name, exact: typeof name === "string" });
  return Promise.all((await links.all()).map(async (l) => (await l.getAttribute("href")) ?? ""));
}

/** What the spec names on each page, word for word, and where its buttons lead. */
const SPEC: Record<string, { h1: string | RegExp; texts?: string[]; buttons?: Record<string, (string | RegExp)[]> }> = {
  "/": {
    h1: "Protecting timeshare owners and their families",
    texts: ["Nine owners, nine different traps"],
    buttons: { "Read and Sign the Petition": ["/petition"], "Know Your Rights": ["/consumer-rights"], "Report a Scam": ["/timeshare-scam"] },
  },
  "/petition": {
    h1: "Sign the Petition",
    texts: ["87%", "3-10", "$22K"],
    buttons: { "Sign the Petition Now": [SIGN], "Donate to the Campaign": ["/donate"] },
  },
  "/consumer-rights": {
    h1: "Your Rights as a Timeshare Owner",
    texts: ["Timeshare Owners Denied Their Rights", "Our 3-Step Strategy", "Never Pay Up Front to Get Out of a Timeshare"],
    buttons: { "Donate to the Campaign": ["/donate"] },
  },
  "/donate": { h1: "Join the Movement" },
  "/complete": { h1: "You Fought Timeshare Debt", buttons: { "Return Home": ["/"] } },
  "/cancel": { h1: "Still Time to Act", buttons: { "Complete Your Donation Now": [/^(https:\/\/|\/donation\.html$)/] } },
  "/timeshare-scam": {
    h1: /Report a Timeshare Scam/i,
    texts: ["Initial Review", "Data Analysis", "Support and Resources"],
    buttons: { "Start Your Report": ["/report-scam"] },
  },
  "/report-scam": {
    h1: "Report a Scam",
    texts: ["Your Information", "Tell Us What Happened", "Share Any Known Details", "Make Your Report Go Further"],
  },
  "/report-scam/thank-you": {
    h1: "Thank you. Your story matters.",
    texts: ["Your report was submitted successfully.", "What Happens After You Report"],
    // without a report in this tab: no number, a link to report
    buttons: { "Report a Scam": ["/report-scam"], "See Where Else to Report": ["/timeshare-scam#where-else-to-report"], "Return Home": ["/"] },
  },
  // the free guides: the document's title, sections and links to the site (packages/core/src/guides), and the spec's form
  ...Object.fromEntries(LEAD_FORMS.map((form) => [LEAD_FORM_INFO[form].path, guideSpec(GUIDES[form])])),
  "/how-timeshare-scams-work": {
    h1: /How Timeshare Scams Work/i,
    texts: ["The Timeshare Scam Trap", "Your Guide to Safety", "Take Control Today"],
    buttons: { "Report a Scam": ["/timeshare-scam"], "Report a Scam Now": ["/timeshare-scam"] },
  },
  "/timeshare-scam-awareness": {
    h1: /./,
    texts: ["Your Expert Ally", "3 Steps to Stay Safe"],
    // the spec sends the last button to /timeshare-scam; it goes to the petition (docs/architecture.md)
    buttons: { "Join the Fight Now": ["/timeshare-scam"], "Sign the Petition Now": [SIGN] },
  },
  // opened without the e-mail's token: the pages say the link is incomplete (the flows: test/browser/newsletter.test.ts)
  "/newsletter/confirmed": {
    h1: "We could not confirm your subscription",
    texts: [MISSING_TOKEN],
    buttons: { "Get the free scam checklist": ["/timeshare-scam-checklist"], "Go to Home": ["/"] },
  },
  "/newsletter/unsubscribe": { h1: "We could not unsubscribe you", texts: [MISSING_TOKEN] },
  // the privacy pages: the policy's sections, the spec's form; /my-data opened without the
  // e-mail's token says the link does not work (the flow: the acceptance browser test)
  "/privacy-policy": {
    h1: "Privacy Policy",
    texts: ["Data We Collect", "How We Use Your Data", "How Long We Keep It", "Your Rights", "Security", "Contact"],
    buttons: { "data request page": ["/data-deletion-request"] },
  },
  "/data-deletion-request": {
    h1: "Data Deletion Request",
    texts: ["Submit Deletion Request"],
    buttons: { "privacy policy": ["/privacy-policy"] },
  },
  "/my-data": {
    h1: "This link does not work",
    texts: [PRIVACY_MESSAGES.invalidLink],
    buttons: { "Request a new link": ["/data-deletion-request"] },
  },
  "/scam-alerts": { h1: "Scam alerts", texts: ["Check a company before you pay", "Published alerts"] },
  "/report-status": { h1: "Follow Your Report", texts: ["Get a link to your report's status", "How it works"] },
  // opened from a status e-mail's stop link; without its ?r=&t= it says the link is incomplete
  "/report-status/unsubscribe": { h1: "Stop e-mails about your report", texts: ["This link is incomplete."] },
  "/404": { h1: "Page Not Found", texts: ["404", "Go Back"] },
  "/unauthorized": { h1: "Unauthorized", buttons: { "Go to Home": ["/"] } },
};

/** The page shows its spec heading and texts, and its buttons lead where the spec says. */
async function showsSpec(page: Page, path: string, expect: ExpectStatic) {
  const spec = SPEC[path];
  const h1 = page.locator("main h1");
  const heading = typeof spec.h1 === "string" ? new RegExp(`^${spec.h1.replace(/[$^()]/g, "\\$&")}$`) : spec.h1;
  // a page that answers after a request (the unsubscribe page) shows its heading a moment later
  await h1.filter({ hasText: heading }).waitFor();
  await expect(h1.count()).resolves.toBe(1);
  expect(await h1.innerText()).toMatch(heading);
  const text = await page.locator("main").innerText();
  for (const t of spec.texts ?? []) expect(text, `${path} shows "${t}"`).toContain(t);
  for (const [name, expected] of Object.entries(spec.buttons ?? {})) {
    // a button that depends on the tab (the report thank-you page's) appears once the app has run
    await page.getByRole("main").getByRole("link", { name, exact: true }).first().waitFor();
    const hrefs = await targets(page, name);
    expect(hrefs.length, `${path}: "${name}"`).toBeGreaterThan(0);
    for (const href of hrefs)
      expect(
        expected.some((e) => (typeof e === "string" ? e === href : e.test(href))),
        `${path}: "${name}" → ${href}`,
      ).toBe(true);
  }
}

describe("every public page", () => {
  it("is covered here: the spec table lists exactly the prerendered routes", () => {
    expect(Object.keys(SPEC).sort()).toEqual(PRERENDER_ROUTES.map((r) => r.path).sort());
  });

  it("/consumer-rights: every button but the donate banner goes to the petition", async () => {
    const page = await open("/consumer-rights");
    const hrefs = await page.locator("main a.mantine-Button-root").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    expect(hrefs.filter((h) => h !== "/donate").every((h) => h === SIGN)).toBe(true);
    expect(hrefs.filter((h) => h === "/donate")).toHaveLength(1);
    await page.context().close();
  });

  it("/: nine owners' stories in a region a keyboard can scroll", async () => {
    const page = await open("/");
    const region = page.getByRole("region", { name: "Owners' stories" });
    await expect(region.getByRole("listitem").count()).resolves.toBe(9);
    await expect(region.getAttribute("tabindex")).resolves.toBe("0");
    await page.context().close();
  });

  it("/donate: several Donate buttons, all to /donation.html, which sends the visitor on", async () => {
    const page = await open("/donate");
    const hrefs = await targets(page, /^Donate/);
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(hrefs)).toEqual(new Set(["/donation.html"]));
    const res = await page.request.get("/donation.html");
    expect(res.status()).toBe(200);
    expect(await res.text()).toMatch(/secure donation page|not open yet/);
    await page.context().close();
  });
});

describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  const paths = [...PRERENDER_ROUTES.map((r) => r.path), SIGN, `/share/${stack.defaultPetitionId}`, `/thank-you/${stack.defaultPetitionId}`];
  // The sweep's pages are tabs of one visitor's context: the site's scripts load from its cache after
  // the first page, as on a real visit, instead of a fresh profile's download, compile and context
  // start per page (about 3 s of a loaded machine each, measured). Nothing the pages check is kept
  // between tabs but the cache: the site stores nothing but a tab's own sessionStorage.
  let visitor: BrowserContext;
  beforeAll(async () => {
    visitor = await browser.newContext({ baseURL: stack.url, viewport: VIEWPORTS.desktop });
  });
  // a few pages at once (maxConcurrency in vitest.config.ts): axe waits mostly on the page. Each page
  // is checked on a desktop (a prerendered page's spec content first), then narrowed to a phone's
  // width and checked again (the layout follows the width: CSS media queries and Mantine's matchMedia
  // hooks), one load for all three.
  it.concurrent.for(paths)("%s shows its spec content and has no violations on a desktop or a phone", async (path, { expect }) => {
    const page = await visitor.newPage();
    await visit(page, path);
    if (SPEC[path]) await showsSpec(page, path, expect);
    await page.locator("main h1").first().waitFor();
    const desktop = await axeFindings(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.waitForFunction((width) => window.innerWidth === width && window.matchMedia(`(max-width: ${width}px)`).matches, VIEWPORTS.phone.width);
    // the site header's phone menu button is the sign that the phone layout is in place
    if (await page.getByRole("banner").count()) await page.getByRole("button", { name: "Open navigation" }).waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const phone = await axeFindings(page);
    expect(desktop, `desktop:\n${describeFindings(desktop)}`).toEqual([]);
    expect(phone, `phone:\n${describeFindings(phone)}`).toEqual([]);
    await page.close();
  });

  it("the phone menu and a header menu, opened, have no violations", async () => {
    const phone = await open("/", "phone");
    await phone.getByRole("button", { name: "Open navigation" }).click();
    await phone.getByRole("navigation", { name: "Mobile" }).waitFor();
    const phoneFindings = await axeFindings(phone);
    expect(phoneFindings, describeFindings(phoneFindings)).toEqual([]);
    await phone.context().close();

    const desktop = await open("/");
    await desktop.getByRole("button", { name: "Scams" }).click();
    const desktopFindings = await axeFindings(desktop);
    expect(desktopFindings, describeFindings(desktopFindings)).toEqual([]);
    await desktop.context().close();
  });
});

describe("links of the prerendered site, followed without JavaScript", () => {
  it("all lead to a page the site has: none to /404", async () => {
    const seen = new Set<string>();
    const queue = ["/"];
    const broken: string[] = [];
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const res = await fetch(`${stack.url}${path}`);
      const known = isPublicPage(path) || path === "/admin/login" || /\.[a-z]+$/.test(path);
      if (res.status !== 200 || !known) broken.push(`${path} (${res.status})`);
      const html = await res.text();
      if (!(res.headers.get("content-type") ?? "").startsWith("text/html") || path.startsWith("/admin")) continue;
      for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="(\/[^"#?]*)/g)) if (!seen.has(href!)) queue.push(href!);
    }
    // the newsletter's pages, /my-data and a report's stop page are opened from e-mails only: no page links to them
    const linkable = PRERENDER_ROUTES.filter((r) => !r.path.startsWith("/newsletter/") && r.path !== "/my-data" && r.path !== "/report-status/unsubscribe");
    expect(seen.size).toBeGreaterThanOrEqual(linkable.length - 2);
    expect(broken).toEqual([]);
    for (const r of PRERENDER_ROUTES.filter((r) => r.index !== false && r.path !== "/404"))
      expect(seen.has(r.path), `${r.path} is linked from the site`).toBe(true);
  });
});

describe("moving around", () => {
  it("the first Tab reaches the skip link, which moves focus to the page's main content", async () => {
    const page = await open("/petition");
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Skip to main content");
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("main");
    await page.context().close();
  });

  it("after following a link, focus is on the new page's heading and the title is the page's", async () => {
    const page = await open("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Your Rights" }).click();
    await page.waitForURL("**/consumer-rights");
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Your Rights as a Timeshare Owner");
    expect(await page.title()).toBe(PRERENDER_ROUTES.find((r) => r.path === "/consumer-rights")!.title);
    await page.context().close();
  });

  it("a header menu opens and closes from the keyboard and reaches its pages", async () => {
    const page = await open("/");
    const button = page.getByRole("button", { name: "Scams" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button.getAttribute("aria-expanded")).resolves.toBe("true");
    await page.keyboard.press("Escape");
    await expect(button.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain("Scams");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/how-timeshare-scams-work");
    await page.context().close();
  });

  it("on a phone the menu button opens the whole navigation, and following a link closes it", async () => {
    const page = await open("/", "phone");
    await expect(page.getByRole("navigation", { name: "Main" }).isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: "Open navigation" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Home", "Sign Petition", "Your Rights", "How Timeshare Scams Work", "Donate"]) {
      await expect(menu.getByRole("link", { name, exact: true }).isVisible(), name).resolves.toBe(true);
    }
    await menu.getByRole("link", { name: "Donate", exact: true }).click();
    await page.waitForURL("**/donate");
    await menu.waitFor({ state: "hidden" });
    await page.context().close();
  });

  it("with reduced motion the statistics show their figures at once and nothing pulses", async () => {
    const page = await open("/petition", "desktop", { reducedMotion: "reduce" });
    await page.getByText("regret their purchase").scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    const figures = await page.locator("[class*=statValue]").allInnerTexts();
    expect(figures).toEqual(["87%", "3-10 days", "$22K"]);
    const pulse = await page
      .locator("[class*=pulse]")
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el, "::after").animationDuration));
    expect(pulse).toBeLessThan(0.001);
    await page.context().close();
  });

  it("the live count is not in a live region, so polling never re-announces it", async () => {
    const page = await open("/petition");
    const count = page.getByText(/owners have joined/).first();
    await count.waitFor();
    await expect(count.evaluate((el) => el.closest("[aria-live], [role=status], [role=alert], [role=log]") === null)).resolves.toBe(true);
    await page.context().close();
  });

  it("a visitor using only the keyboard signs the petition", async () => {
    const page = await open("/petition");
    /** Presses Tab until the focused element's name (its label, or its text) is `name`. */
    const tabTo = async (name: string) => {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press("Tab");
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          return (el?.labels?.[0]?.textContent ?? el?.textContent ?? "").replace(/\s*\*\s*$/, "").trim();
        });
        if (focused === name) return;
      }
      throw new Error(`Tab never reached "${name}"`);
    };
    await tabTo("Sign the Petition Now");
    // the sign form runs reCAPTCHA: the app loads it as a new document (App.tsx, CaptchaDocument)
    const signDocument = page.waitForEvent("load");
    await page.keyboard.press("Enter");
    await signDocument;
    await page.waitForURL(`**${SIGN}`);
    await page.locator("html[data-app=ready]").waitFor();
    await tabTo("First Name");
    await page.keyboard.type("Keyla");
    await tabTo("Last Name");
    await page.keyboard.type("Board");
    await tabTo("Email");
    await page.keyboard.type(`keyboard-${Date.now()}@example.com`);
    await tabTo("Sign Petition");
    await page.keyboard.press("Enter");
    await page.getByText("Thank you for signing the petition!").waitFor();
    await page.waitForURL(`**/thank-you/${stack.defaultPetitionId}`, { timeout: 10_000 });
    await page.context().close();
  });
});
