// @vitest-environment jsdom
import { RETRY_DELAYS_MS } from "../../src/lib/sendOnce";
import { act, cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { GUIDES, plainText } from "@site/core/guides";
import { LEAD_FORMS, LEAD_FORM_INFO, LEAD_MESSAGES, SUCCESS_TOAST_MS, type LeadForm } from "@site/core/lead/forms";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LEAD_FORM_WORDS } from "../../src/content/guide-pages";
import { render as renderToHtml } from "../../src/entry-server";
import { formatReviewed } from "../../src/pages/GuidePage/GuideArticle";
import { PRERENDER_ROUTES, PUBLIC_ROUTES } from "../../src/publicRoutes";
import { ROUTE_DESCRIPTIONS } from "../../src/routeDescriptions";
import { renderRoute } from "../render-route";
import { json, retriesPass, runtimeConfig, stubFetch, useFakeWaits, type Call } from "../stub-api";

/**
 * The four free-guide pages: each shows its own guide from the shared content module,
 * and its form shows every message of the spec, word for word. The API is a stub; reCAPTCHA is on
 * (the config carries a site key) and `window.grecaptcha` plays the library, present or not.
 */

const SITE_KEY = "test-site-key";
const NAME = "Maria Gonzalez";
const EMAIL = "maria@example.com";

/** Stands in for the API: `leads` answers POST /api/leads/{form}; /api/config turns the captcha on. */
const stubApi = (leads: () => Response | Promise<Response> = () => json(201, { id: "lead-1" })) =>
  stubFetch((call) => (call.url === "/api/config" ? runtimeConfig(SITE_KEY) : call.url.startsWith("/api/leads/") ? leads() : undefined));

const leadCalls = (calls: Call[]) => calls.filter((c) => c.url.startsWith("/api/leads/"));

/** reCAPTCHA's library: hands out `token` for any action (recording it), or fails. */
function stubRecaptcha(token: () => Promise<string>) {
  const actions: string[] = [];
  window.grecaptcha = {
    ready: (callback) => callback(),
    execute: (key, { action }) => {
      expect(key).toBe(SITE_KEY);
      actions.push(action);
      return token();
    },
  };
  return actions;
}

const appendChild = document.head.appendChild.bind(document.head);

beforeEach(() => {
  // jsdom loads no scripts: the reCAPTCHA <script> "loads" at once, and what it provides is window.grecaptcha.
  vi.spyOn(document.head, "appendChild").mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement && node.src.includes("recaptcha")) {
      queueMicrotask(() => node.onload?.(new Event("load")));
      return node;
    }
    return appendChild(node);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete window.grecaptcha;
});

function open(form: LeadForm) {
  const { container } = renderRoute(LEAD_FORM_INFO[form].path);
  const main = container.querySelector("main");
  if (!main) throw new Error("no <main>");
  const screen = within(main);
  const formElement = screen.getByRole("form", { name: LEAD_FORM_WORDS.title(LEAD_FORM_INFO[form].resource) });
  const inForm = within(formElement);
  return {
    main,
    screen,
    form: inForm,
    name: inForm.getByLabelText(/^Full Name/) as HTMLInputElement,
    email: inForm.getByLabelText(/^Email/) as HTMLInputElement,
    consent: inForm.getByLabelText(LEAD_MESSAGES.consentLabel) as HTMLInputElement,
    submit: () => fireEvent.click(inForm.getByRole("button", { name: LEAD_FORM_WORDS.submit(LEAD_FORM_INFO[form].resource) })),
  };
}

type Opened = ReturnType<typeof open>;

function fill(page: Opened, name = NAME, email = EMAIL) {
  fireEvent.change(page.name, { target: { value: name } });
  fireEvent.change(page.email, { target: { value: email } });
}

/** The red banner's text once it shows. */
const alertText = async (page: Opened) => (await page.form.findByRole("alert")).textContent ?? "";

describe("the four guide routes", () => {
  it.each(LEAD_FORMS)("%s: its page is a prerendered, indexed route titled after its document, with a description of 120-200 characters", (form) => {
    const info = LEAD_FORM_INFO[form];
    const route = PUBLIC_ROUTES.find((r) => r.path === info.path) as { path: string; title?: string; index?: boolean } | undefined;
    expect(route?.title).toBe(info.documentTitle);
    expect(route?.title).toBe(GUIDES[form].title);
    expect(route?.index).toBeUndefined();
    expect(PRERENDER_ROUTES.map((r) => r.path)).toContain(info.path);
    const description = ROUTE_DESCRIPTIONS[info.path as keyof typeof ROUTE_DESCRIPTIONS];
    expect(description.length).toBeGreaterThanOrEqual(120);
    expect(description.length).toBeLessThanOrEqual(200);
  });
});

describe.each(LEAD_FORMS)("the %s page", (form) => {
  const guide = GUIDES[form];
  const info = LEAD_FORM_INFO[form];

  it("shows its guide: title as the one h1, subtitle, summary, every section as an h2, the sources and the review date", () => {
    stubApi();
    const { main } = open(form);
    const h1s = main.querySelectorAll("h1");
    expect(h1s).toHaveLength(1);
    expect(h1s[0]!.textContent).toBe(guide.title);
    const text = main.textContent ?? "";
    expect(text).toContain(guide.subtitle);
    expect(text).toContain(guide.summary);
    const h2s = [...main.querySelectorAll("article h2")].map((h) => h.textContent);
    expect(h2s).toEqual([...guide.sections.map((s) => s.heading), "Sources"]);
    for (const source of guide.sources) {
      const links = [...main.querySelectorAll(`a[href="${source.url}"]`)].map((a) => a.textContent);
      expect(links, source.url).toContain(source.title);
    }
    const time = main.querySelector("article time");
    expect(time?.getAttribute("datetime")).toBe(guide.lastReviewed);
    expect(time?.parentElement?.textContent).toBe(`Last reviewed ${formatReviewed(guide.lastReviewed)}`);
  });

  it("renders every block of the document: paragraphs, lists, checklists as lists (no inputs), tables with captions and header cells, callouts, links", () => {
    stubApi();
    const { main } = open(form);
    const article = main.querySelector("article")!;
    expect(article.querySelectorAll("input")).toHaveLength(0);
    const blocks = guide.sections.flatMap((s) => s.blocks);
    for (const block of blocks) {
      switch (block.kind) {
        case "paragraph":
          expect(article.textContent).toContain(plainText(block.text));
          break;
        case "bullets":
        case "checklist": {
          const items = [...article.querySelectorAll("li")].map((li) => li.textContent);
          for (const item of block.items) expect(items).toContain(plainText(item));
          break;
        }
        case "table": {
          const caption = [...article.querySelectorAll("caption")].find((c) => c.textContent === block.caption);
          expect(caption, block.caption).toBeDefined();
          const table = caption!.closest("table")!;
          expect([...table.querySelectorAll("thead th")].map((th) => [th.textContent, th.getAttribute("scope")])).toEqual(block.header.map((h) => [h, "col"]));
          const rows = [...table.querySelectorAll("tbody tr")];
          expect(rows).toHaveLength(block.rows.length);
          rows.forEach((row, index) => {
            const header = row.querySelector("th");
            expect(header?.getAttribute("scope")).toBe("row");
            expect([...row.children].map((cell) => cell.textContent)).toEqual(block.rows[index]);
          });
          // scrollable on a phone, and reachable by keyboard to scroll
          const region = table.parentElement!;
          expect(region.getAttribute("role")).toBe("region");
          expect(region.getAttribute("tabindex")).toBe("0");
          expect(region.getAttribute("aria-labelledby")).toBe(caption!.id);
          break;
        }
        case "callout": {
          const note = [...article.querySelectorAll('[role="note"]')].find((n) => n.querySelector("h3")?.textContent === block.title);
          expect(note, block.title).toBeDefined();
          expect(note!.textContent).toContain(plainText(block.text));
          for (const item of block.items ?? []) expect(note!.textContent).toContain(plainText(item));
          break;
        }
      }
    }
    // checklists: items on a list a reader ticks on paper
    const checklists = blocks.filter((b) => b.kind === "checklist");
    expect(article.querySelectorAll('ul[role="list"]').length).toBe(checklists.length);
  });

  it("links the guide's text where it says: outside sites by their address, the site's own pages inside the app", () => {
    stubApi();
    const { main } = open(form);
    const article = main.querySelector("article")!;
    const runs = guide.sections.flatMap((s) =>
      s.blocks.flatMap((b) => {
        const texts =
          b.kind === "paragraph"
            ? [b.text]
            : b.kind === "bullets" || b.kind === "checklist"
              ? b.items
              : b.kind === "callout"
                ? [b.text, ...(b.items ?? [])]
                : [];
        return texts.flatMap((t) => (typeof t === "string" ? [] : t.filter((part) => typeof part !== "string")));
      }),
    );
    expect(runs.length).toBeGreaterThan(0);
    const anchors = [...article.querySelectorAll("a")].map((a) => `${a.textContent} → ${a.getAttribute("href")}`);
    for (const link of runs) expect(anchors).toContain(`${link.text} → ${link.href}`);
  });

  it("holds the spec's form: Full Name, Email (type email), the consent checkbox with the spec's label, unticked, and submit", () => {
    stubApi();
    const page = open(form);
    expect(page.name.required).toBe(true);
    expect(page.email.type).toBe("email");
    expect(page.email.required).toBe(true);
    expect(page.consent.type).toBe("checkbox");
    expect(page.consent.checked).toBe(false);
    expect(LEAD_MESSAGES.consentLabel).toBe("Get scam alerts and tips straight to your inbox\u2014no spam, just protection.");
  });

  it("a missing field: 'Please fill in all required fields.', and nothing is sent", async () => {
    const calls = stubApi();
    const page = open(form);
    page.submit();
    await waitFor(() => expect(page.form.getAllByText("Please fill in all required fields.")).toHaveLength(2));
    expect(document.activeElement).toBe(page.name);
    fill(page, NAME, "");
    page.submit();
    await waitFor(() => expect(page.form.queryAllByText("Please fill in all required fields.")).toHaveLength(1));
    expect(page.email.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(page.email);
    expect(leadCalls(calls)).toEqual([]);
  });

  it("a malformed e-mail: 'Please enter a valid email address.', and nothing is sent", async () => {
    const calls = stubApi();
    const page = open(form);
    fill(page, NAME, "maria@example");
    page.submit();
    expect(await page.form.findByText("Please enter a valid email address.")).toBeTruthy();
    expect(leadCalls(calls)).toEqual([]);
  });

  it("the bot check not ready: the form's own message", async () => {
    const calls = stubApi();
    const page = open(form);
    fill(page);
    page.submit();
    expect(await alertText(page)).toContain(info.captchaNotReady);
    expect(leadCalls(calls)).toEqual([]);
    expect((page.form.getByRole("button", { name: LEAD_FORM_WORDS.submit(info.resource) }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("the bot check fails: 'Security verification failed. Please try again.'", async () => {
    const calls = stubApi();
    stubRecaptcha(() => Promise.reject(new Error("network")));
    const page = open(form);
    fill(page);
    page.submit();
    expect(await alertText(page)).toContain("Security verification failed. Please try again.");
    expect(leadCalls(calls)).toEqual([]);
  });

  it("an API error shows the API's own message in a red alert; a failure without one, the spec's fallback", async () => {
    let answer = () => json(429, { error: "Too many requests. Please try again in a minute." });
    const calls = stubApi(() => answer());
    stubRecaptcha(async () => "token");
    const page = open(form);
    fill(page);
    page.submit();
    expect(await alertText(page)).toContain("Too many requests. Please try again in a minute.");
    // a 502: sent again twice (after 2 s and 4 s, lib/sendOnce.ts, on the fake clock) before the spec's fallback
    useFakeWaits();
    answer = () => new Response("oops", { status: 502 });
    page.submit();
    await retriesPass();
    await waitFor(() => expect(page.form.getByRole("alert").textContent).toContain(LEAD_MESSAGES.saveFailed));
    expect(leadCalls(calls)).toHaveLength(1 + RETRY_DELAYS_MS.length + 1);
    // what was typed is kept to try again
    expect(page.name.value).toBe(NAME);
  });

  it("an API field message shows under its field", async () => {
    stubApi(() => json(400, { error: "Please enter a valid email address.", fields: { email: "Please enter a valid email address." } }));
    stubRecaptcha(async () => "token");
    const page = open(form);
    fill(page);
    page.submit();
    await waitFor(() => expect(page.email.getAttribute("aria-invalid")).toBe("true"));
  });

  it(`sends name, e-mail, consent as ticked, the bot-check token for '${info.captchaAction}', then announces what was sent; ${info.clearsOnSuccess ? "clears" : "keeps"} the form`, async () => {
    let release!: () => void;
    const calls = stubApi(() => new Promise<Response>((resolve) => (release = () => resolve(json(201, { id: "lead-1" })))));
    const actions = stubRecaptcha(async () => "captcha-token");
    const page = open(form);
    fill(page, `  ${NAME} `, EMAIL);
    fireEvent.click(page.consent);
    expect(page.consent.checked).toBe(true);
    // ticking the box sends nothing: consent is given by submitting
    await act(async () => {});
    expect(leadCalls(calls)).toEqual([]);
    page.submit();
    // busy while it is sent
    const busy = (await page.form.findByRole("button", { name: LEAD_FORM_WORDS.sending })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(page.name.disabled).toBe(true);
    await waitFor(() => expect(leadCalls(calls)).toHaveLength(1));
    const [call] = leadCalls(calls);
    expect(call!.url).toBe(`/api/leads/${form}`);
    expect(call!.body).toMatchObject({ fullName: NAME, email: EMAIL, newsletterConsent: true, captchaToken: "captcha-token" });
    expect(call!.body?.client).toEqual(expect.objectContaining({ timezone: expect.any(String), language: expect.any(String) }));
    expect(actions).toEqual([info.captchaAction]);
    release();
    const toast = await page.form.findByRole("status");
    expect(toast.textContent).toBe(LEAD_MESSAGES.sent(info, EMAIL));
    expect(toast.textContent).toContain(`Your free ${info.resource} has been sent to ${EMAIL}`);
    expect(toast.parentElement?.getAttribute("aria-live")).toBe("polite");
    expect(page.name.value).toBe(info.clearsOnSuccess ? "" : `  ${NAME} `);
    expect(page.email.value).toBe(info.clearsOnSuccess ? "" : EMAIL);
    expect(page.consent.checked).toBe(!info.clearsOnSuccess);
    expect(page.form.queryByRole("alert")).toBeNull();
  });

  it("sends consent false when the box is left unticked", async () => {
    const calls = stubApi();
    stubRecaptcha(async () => "captcha-token");
    const page = open(form);
    fill(page);
    page.submit();
    await page.form.findByRole("status");
    expect(leadCalls(calls)[0]!.body).toMatchObject({ newsletterConsent: false });
  });
});

describe("the success message", () => {
  it(`hides itself after ${SUCCESS_TOAST_MS} ms`, async () => {
    useFakeWaits();
    stubApi();
    stubRecaptcha(async () => "captcha-token");
    const page = open("where-scams-thrive");
    fill(page);
    page.submit();
    const toast = await page.form.findByRole("status");
    expect(toast.textContent).toBe(`Success! Your free fact sheet has been sent to ${EMAIL}.`);
    act(() => void vi.advanceTimersByTime(SUCCESS_TOAST_MS - 100));
    expect(page.form.queryByRole("status")).not.toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(page.form.queryByRole("status")).toBeNull();
  });
});

describe("prerendered", () => {
  it.each(LEAD_FORMS)("%s: the form arrives disabled (nothing typed before the app runs is lost), the guide complete", (form) => {
    const html = renderToHtml(LEAD_FORM_INFO[form].path);
    const container = document.createElement("div");
    container.innerHTML = html;
    const controls = [...container.querySelectorAll("form input, form button")] as (HTMLInputElement | HTMLButtonElement)[];
    expect(controls.length).toBe(4);
    for (const control of controls) expect(control.disabled, control.outerHTML.slice(0, 80)).toBe(true);
    expect(container.querySelector("h1")?.textContent).toBe(GUIDES[form].title);
    expect(container.querySelectorAll("article section h2")).toHaveLength(GUIDES[form].sections.length + 1);
  });
});
