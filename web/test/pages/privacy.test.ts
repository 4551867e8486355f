// @vitest-environment jsdom
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { GUIDES } from "@site/core/guides";
import { LEAD_FORMS, LEAD_FORM_INFO, LEAD_MESSAGES } from "@site/core/lead/forms";
import { DELETION_CAPTCHA_ACTION, ERASED_KIND_LABELS, PRIVACY_MESSAGES, type ErasedCounts } from "@site/core/privacy/input";
import {
  ANALYTICS_DAILY_DAYS,
  ANALYTICS_HOURLY_DAYS,
  ANALYTICS_RAW_DAYS,
  DELETION_LINK_HOURS,
  DELETION_REQUEST_RECORD_DAYS,
  NEWSLETTER_DELIVERY_DAYS,
  RATE_WINDOW_SECONDS,
  SIGNATURE_RETENTION_YEARS,
  SUBMISSION_RETENTION_YEARS,
  UNCONFIRMED_SUBSCRIBER_DAYS,
} from "@site/core/policy/retention";
import { FIELD_LABELS, QUESTIONS } from "@site/core/report/catalogue";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DELETION, MY_DATA, MY_DATA_FILE } from "../../src/content/data-requests";
import { RETRY_DELAYS_MS } from "../../src/lib/sendOnce";
import { METADATA_GROUPS, POLICY_SECTIONS, TECHNICAL_DETAILS } from "../../src/content/privacy";
import { render as renderToHtml } from "../../src/entry-server";
import { PRERENDER_ROUTES } from "../../src/publicRoutes";
import { ROUTE_DESCRIPTIONS } from "../../src/routeDescriptions";
import { hrefsOf, renderRoute } from "../render-route";
import { json, retriesPass, stubRoutes, useFakeWaits, type Answer, type Call } from "../stub-api";

// Whole pages in jsdom take seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

/**
 * The privacy pages: the policy states the retention constants' values, the
 * request form behaves as the spec says, and /my-data shows, downloads and erases a person's data
 * through the e-mailed link's token. The API is a stub.
 */

const SITE_KEY = "test-site-key";
const EMAIL = "maria@example.com";
const TOKEN = "a".repeat(43);

/** Stands in for the API: `routes` answers by path; /api/config turns the captcha on; anything else is a 404. */
const stubApi = (routes: Record<string, Answer> = {}) => stubRoutes(routes, SITE_KEY);

const privacyCalls = (calls: Call[]) => calls.filter((c) => c.url.startsWith("/api/privacy/"));

/** reCAPTCHA's library: hands out a token for any action, recording it. */
function stubRecaptcha(token: () => Promise<string> = async () => "captcha-token") {
  const actions: string[] = [];
  window.grecaptcha = {
    ready: (callback) => callback(),
    execute: (_key, { action }) => {
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
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.grecaptcha;
});

function mainOf(container: HTMLElement): HTMLElement {
  const main = container.querySelector("main");
  if (!main) throw new Error("no <main>");
  return main;
}

const textOf = (element: Element) => (element.textContent ?? "").replace(/\s+/g, " ").trim();

// ─── routes ─────────────────────────────────────────────────────────────────────────────────────────

describe("the privacy routes", () => {
  it("are prerendered with their titles; the policy and the form are indexed, /my-data is not; each has a description of 120-200 characters", () => {
    const routes = Object.fromEntries(PRERENDER_ROUTES.map((r) => [r.path, r]));
    expect(routes["/privacy-policy"]).toMatchObject({ title: "Privacy Policy" });
    expect(routes["/privacy-policy"]!.index).toBeUndefined();
    expect(routes["/data-deletion-request"]).toMatchObject({ title: "Data Deletion Request" });
    expect(routes["/data-deletion-request"]!.index).toBeUndefined();
    expect(routes["/my-data"]).toMatchObject({ title: "Your Data", index: false });
    for (const path of ["/privacy-policy", "/data-deletion-request", "/my-data"] as const) {
      expect(ROUTE_DESCRIPTIONS[path].length, path).toBeGreaterThanOrEqual(120);
      expect(ROUTE_DESCRIPTIONS[path].length, path).toBeLessThanOrEqual(200);
    }
  });

  it("the footer links to the policy and the request form on every page, now that they exist", () => {
    stubApi();
    const { container } = renderRoute("/consumer-rights");
    const footer = container.querySelector("footer")!;
    expect(hrefsOf(footer, "Privacy Policy")).toEqual(["/privacy-policy"]);
    expect(hrefsOf(footer, "Data Deletion Request")).toEqual(["/data-deletion-request"]);
  });

  it("the free-guide forms link to both under the form", () => {
    stubApi();
    const { container } = renderRoute(LEAD_FORM_INFO.checklist.path);
    const form = container.querySelector("form")!;
    expect(hrefsOf(form, "privacy policy")).toEqual(["/privacy-policy"]);
    expect(hrefsOf(form, "ask us to delete your data")).toEqual(["/data-deletion-request"]);
  });
});

// ─── /privacy-policy ────────────────────────────────────────────────────────────────────────────────

describe("/privacy-policy", () => {
  function openPolicy() {
    stubApi();
    return mainOf(renderRoute("/privacy-policy").container);
  }

  it("has the spec's sections, in order, each an h2 named in the contents list", () => {
    const main = openPolicy();
    expect([...main.querySelectorAll("h1")].map(textOf)).toEqual(["Privacy Policy"]);
    const titles = [...main.querySelectorAll("article section > h2")].map(textOf);
    expect(titles).toEqual(["Data We Collect", "How We Use Your Data", "How Long We Keep It", "Your Rights", "Security", "Contact"]);
    const contents = [...main.querySelectorAll("nav a")].map((a) => [textOf(a), a.getAttribute("href")]);
    expect(contents).toEqual(POLICY_SECTIONS.map((s) => [s.title, `#${s.id}`]));
    for (const section of POLICY_SECTIONS) expect(main.querySelector(`#${section.id}`)?.tagName).toBe("SECTION");
    // data collected: personal, technical, location
    const collected = textOf(main.querySelector("#data-collected")!);
    for (const part of ["Personal information", "Technical information", "Location"]) expect(collected).toContain(part);
    // rights: the five of the spec
    const rights = textOf(main.querySelector("#rights")!);
    for (const right of ["access", "rectification", "erased", "object", "portable"]) expect(rights).toContain(right);
  });

  it("names what each form stores, from the forms' own labels", () => {
    const main = openPolicy();
    const collected = textOf(main.querySelector("#data-collected")!);
    for (const label of Object.values(FIELD_LABELS)) expect(collected, label).toContain(label);
    for (const question of Object.values(QUESTIONS)) expect(collected, question).toContain(question);
    for (const form of LEAD_FORMS) expect(collected).toContain(GUIDES[form].title);
    expect(collected).toContain(LEAD_MESSAGES.consentLabel);
    for (const field of ["First Name", "Last Name", "Email", "Timeshare Name"]) expect(collected).toContain(field);
  });

  it("names every technical detail stored with a submission, and says the IP is kept in full there and shortened in analytics", () => {
    expect([...METADATA_GROUPS.technical, ...METADATA_GROUPS.location].sort()).toEqual(Object.keys(TECHNICAL_DETAILS).sort());
    const main = openPolicy();
    const collected = textOf(main.querySelector("#data-collected")!);
    for (const key of Object.keys(TECHNICAL_DETAILS) as (keyof typeof TECHNICAL_DETAILS)[]) expect(collected, key).toContain(TECHNICAL_DETAILS[key]);
    expect(collected).toContain("your IP address, in full");
    expect(collected).toContain("/24");
    expect(collected).toContain("/48");
    expect(collected).toMatch(/CloudFront/);
    expect(collected).toMatch(/no third-party location service/);
    expect(collected).toMatch(/No cookies, no local storage and no third-party analytics/);
  });

  it("states every retention period as the constants the retention job uses", () => {
    const main = openPolicy();
    const table = main.querySelector("#retention table")!;
    const rows = Object.fromEntries([...table.querySelectorAll("tbody tr")].map((tr) => [textOf(tr.querySelector("th")!), textOf(tr.querySelector("td")!)]));
    /** The figure of a row's "Kept" cell, in `unit`. */
    const figure = (record: string, unit: string) => {
      const match = rows[record]?.match(new RegExp(`^(\\d+) ${unit}s?\\b`));
      expect(match, `${record}: "${rows[record]}"`).not.toBeNull();
      return Number(match![1]);
    };
    expect(figure("Petition signature", "year")).toBe(SIGNATURE_RETENTION_YEARS);
    expect(figure("Scam report", "year")).toBe(SUBMISSION_RETENTION_YEARS);
    expect(figure("Free-guide request", "year")).toBe(SUBMISSION_RETENTION_YEARS);
    expect(figure("Newsletter subscription never confirmed", "day")).toBe(UNCONFIRMED_SUBSCRIBER_DAYS);
    expect(figure("Record of each newsletter or petition update sent to you", "day")).toBe(NEWSLETTER_DELIVERY_DAYS);
    expect(figure("Data request", "day")).toBe(DELETION_REQUEST_RECORD_DAYS);
    expect(figure("Individual page views (analytics)", "day")).toBe(ANALYTICS_RAW_DAYS);
    expect(figure("Hourly visit totals (analytics)", "day")).toBe(ANALYTICS_HOURLY_DAYS);
    expect(figure("Rate-limit counters", "minute")).toBe(RATE_WINDOW_SECONDS / 60);
    expect(rows["Newsletter subscription"]).toBe("Until you ask us to delete it");
    expect(figure("Daily visit totals (analytics)", "day")).toBe(ANALYTICS_DAILY_DAYS);
    // the table is a table a screen reader can walk
    expect(table.querySelector("caption")?.textContent).toBeTruthy();
    expect([...table.querySelectorAll("thead th")].map((th) => th.getAttribute("scope"))).toEqual(["col", "col", "col"]);
    // the spec's sentence and the link's validity
    const retention = textOf(main.querySelector("#retention")!);
    expect(retention).toContain(`Form submissions are kept ${SUBMISSION_RETENTION_YEARS} years unless you ask us to delete them sooner`);
    expect(textOf(main.querySelector("#rights")!)).toContain(`within ${DELETION_LINK_HOURS} hours`);
  });

  it("tells how to exercise the rights: the request page, the unsubscribe link", () => {
    const main = openPolicy();
    const rights = main.querySelector("#rights") as HTMLElement;
    expect(hrefsOf(rights, "data request page")).toEqual(["/data-deletion-request"]);
    expect(textOf(rights)).toMatch(/every newsletter e-mail has a link to unsubscribe/);
    expect(hrefsOf(main.querySelector("#contact") as HTMLElement, "data request page")).toEqual(["/data-deletion-request"]);
  });
});

// ─── /data-deletion-request ─────────────────────────────────────────────────────────────────────────

describe("/data-deletion-request", () => {
  function openForm() {
    const main = mainOf(renderRoute("/data-deletion-request").container);
    const form = within(main.querySelector("form")!);
    return {
      main,
      form,
      email: form.getByLabelText(/^Email/) as HTMLInputElement,
      button: () => form.getByRole("button") as HTMLButtonElement,
      submit: () => fireEvent.click(form.getByRole("button")),
      type: (value: string) => fireEvent.change(form.getByLabelText(/^Email/), { target: { value } }),
    };
  }

  it("holds the spec's form: one e-mail field (type email, required) and 'Submit Deletion Request', and says what will happen", () => {
    stubApi();
    const page = openForm();
    expect(page.main.querySelectorAll("form input")).toHaveLength(1);
    expect(page.email.type).toBe("email");
    expect(page.email.required).toBe(true);
    expect(page.button().textContent).toBe("Submit Deletion Request");
    const text = textOf(page.main);
    expect(text).toContain("same answer, whether or not we hold any data");
    expect(text).toContain(`within ${DELETION_LINK_HOURS} hours`);
    expect(hrefsOf(page.main, "privacy policy")).toEqual(["/privacy-policy"]);
  });

  it("an empty field: the spec's required message under it, and nothing is sent", async () => {
    const calls = stubApi();
    const page = openForm();
    page.submit();
    expect(await page.form.findByText(PRIVACY_MESSAGES.missingEmail)).toBeTruthy();
    expect(page.email.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(page.email);
    expect(privacyCalls(calls)).toEqual([]);
  });

  it("a malformed address: 'Please enter a valid email address.', and nothing is sent", async () => {
    const calls = stubApi();
    const page = openForm();
    page.type("maria@example");
    page.submit();
    expect(await page.form.findByText(PRIVACY_MESSAGES.badEmail)).toBeTruthy();
    expect(PRIVACY_MESSAGES.badEmail).toBe("Please enter a valid email address.");
    expect(privacyCalls(calls)).toEqual([]);
  });

  it(`sends the address and the bot check's token for '${DELETION_CAPTCHA_ACTION}', reads 'Processing...' while busy, then shows the success alert`, async () => {
    let release!: () => void;
    const calls = stubApi({
      "/api/privacy/requests": () => new Promise<Response>((resolve) => (release = () => resolve(json(202, { status: "sent" })))),
    });
    const actions = stubRecaptcha();
    const page = openForm();
    page.type(`  ${EMAIL} `);
    page.submit();
    const busy = (await page.form.findByRole("button", { name: "Processing..." })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(page.email.disabled).toBe(true);
    await waitFor(() => expect(privacyCalls(calls)).toHaveLength(1));
    expect(privacyCalls(calls)[0]).toEqual({
      url: "/api/privacy/requests",
      body: { email: EMAIL, captchaToken: "captcha-token" },
      key: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(actions).toEqual([DELETION_CAPTCHA_ACTION]);
    release();
    const alert = await page.form.findByRole("status");
    expect(textOf(alert)).toContain(
      `If we hold any data for this address, we have sent it a link. Open it within ${DELETION_LINK_HOURS} hours to see your data, download it or erase it.`,
    );
    expect(alert.parentElement?.getAttribute("aria-live")).toBe("polite");
    expect(page.button().textContent).toBe("Submit Deletion Request");
    expect(page.form.queryByRole("alert")).toBeNull();
  });

  it("a server failure: sent again with the same idempotency key, then the spec's error alert 'Failed to process your request. Please try again later.'", async () => {
    useFakeWaits();
    const calls = stubApi({ "/api/privacy/requests": () => json(500, { error: "Something went wrong. Please try again later." }) });
    const actions = stubRecaptcha();
    const page = openForm();
    page.type(EMAIL);
    page.submit();
    await retriesPass();
    const alert = await page.form.findByRole("alert");
    // the retries (lib/sendOnce.ts): one key for the submission, a fresh captcha token for each attempt
    const sent = privacyCalls(calls);
    expect(sent).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(new Set(sent.map((c) => c.key)).size).toBe(1);
    expect(sent[0].key).toMatch(/^[0-9a-f]{32}$/);
    expect(actions).toHaveLength(sent.length);
    expect(textOf(alert)).toContain(PRIVACY_MESSAGES.failed);
    expect(PRIVACY_MESSAGES.failed).toBe("Failed to process your request. Please try again later.");
    expect(page.form.queryByRole("status")).toBeNull();
    expect(page.email.value).toBe(EMAIL);
  });

  it("no answer at all: sent again, then the same error alert", async () => {
    useFakeWaits();
    const calls = stubApi({ "/api/privacy/requests": () => Promise.reject(new TypeError("Failed to fetch")) });
    stubRecaptcha();
    const page = openForm();
    page.type(EMAIL);
    page.submit();
    await retriesPass();
    expect(textOf(await page.form.findByRole("alert"))).toContain(PRIVACY_MESSAGES.failed);
    expect(privacyCalls(calls)).toHaveLength(1 + RETRY_DELAYS_MS.length);
  });

  it("a 400 naming the field: its message under the field, no alert", async () => {
    stubApi({
      "/api/privacy/requests": () => json(400, { error: "Email must be at most 254 characters", fields: { email: "Email must be at most 254 characters" } }),
    });
    stubRecaptcha();
    const page = openForm();
    page.type(EMAIL);
    page.submit();
    expect(await page.form.findByText("Email must be at most 254 characters")).toBeTruthy();
    expect(page.email.getAttribute("aria-invalid")).toBe("true");
    expect(page.form.queryByRole("alert")).toBeNull();
  });

  it("rate limited: the API's own message in the alert", async () => {
    stubApi({ "/api/privacy/requests": () => json(429, { error: "Too many attempts. Please wait a minute and try again." }) });
    stubRecaptcha();
    const page = openForm();
    page.type(EMAIL);
    page.submit();
    expect(textOf(await page.form.findByRole("alert"))).toContain("Too many attempts. Please wait a minute and try again.");
  });

  it("the bot check failing: 'Security verification failed. Please try again.', nothing sent", async () => {
    const calls = stubApi();
    stubRecaptcha(() => Promise.reject(new Error("network")));
    const page = openForm();
    page.type(EMAIL);
    page.submit();
    expect(textOf(await page.form.findByRole("alert"))).toContain(LEAD_MESSAGES.captchaFailed);
    expect(privacyCalls(calls)).toEqual([]);
  });

  it("prerendered, the form arrives disabled (nothing typed before the app runs is lost)", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToHtml("/data-deletion-request");
    const controls = [...container.querySelectorAll("form input, form button")] as (HTMLInputElement | HTMLButtonElement)[];
    expect(controls).toHaveLength(2);
    for (const control of controls) expect(control.disabled).toBe(true);
    expect(container.querySelector("h1")?.textContent).toBe(DELETION.title);
  });
});

// ─── /my-data ─────────────────────────────────────────────────────────────────────────────────────

const HELD = {
  email: EMAIL,
  validUntil: "2025-03-09T14:15:00.000Z",
  counts: { signature: 2, report: 1, lead: 1, newsletter: 0 } satisfies ErasedCounts,
  records: [
    { kind: "signature", label: 'Signature on the petition "Timeshare Reform"', createdAt: "2024-05-01T12:00:00.000Z" },
    { kind: "signature", label: 'Signature on the petition "Fair Fees"', createdAt: "2024-06-01T12:00:00.000Z" },
    { kind: "report", label: "Scam report TSR-7K3M-9QX2", createdAt: "2024-07-01T12:00:00.000Z" },
    { kind: "lead", label: 'Request for "The Timeshare Scam Checklist"', createdAt: "2024-08-01T12:00:00.000Z" },
  ],
};

const EXPORTED = { email: EMAIL, exportedAt: "2025-03-08T14:15:00.000Z", records: [{ kind: "signature", firstName: "Maria", petitionId: "timeshare-reform" }] };

function openMyData(path = `/my-data?token=${TOKEN}`) {
  const { container } = renderRoute(path);
  const main = mainOf(container);
  return { main, screen: within(main) };
}

/** A Blob's text (jsdom's Blob has no text()). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

const invalid = () => json(400, { error: PRIVACY_MESSAGES.invalidLink });

describe("/my-data", () => {
  it("without a token: the invalid-link message and a link to ask again; nothing is asked", async () => {
    const calls = stubApi();
    const { main, screen } = openMyData("/my-data");
    expect(textOf(await screen.findByRole("alert"))).toBe(PRIVACY_MESSAGES.invalidLink);
    expect(hrefsOf(main, MY_DATA.newLink)).toEqual(["/data-deletion-request"]);
    expect(privacyCalls(calls)).toEqual([]);
  });

  it("an unknown, expired or used token (400): the invalid-link message", async () => {
    const calls = stubApi({ "/api/privacy/records": invalid });
    const { main, screen } = openMyData();
    expect(textOf(await screen.findByRole("alert"))).toBe(PRIVACY_MESSAGES.invalidLink);
    expect(main.querySelector("h1")?.textContent).toBe(MY_DATA.invalidTitle);
    expect(hrefsOf(main, MY_DATA.newLink)).toEqual(["/data-deletion-request"]);
    expect(privacyCalls(calls)).toEqual([{ url: "/api/privacy/records", body: { token: TOKEN } }]);
  });

  it("a server failure: the spec's failure message", async () => {
    stubApi({ "/api/privacy/records": () => json(500, { error: "Something went wrong. Please try again later." }) });
    const { screen } = openMyData();
    expect(textOf(await screen.findByRole("alert"))).toBe(PRIVACY_MESSAGES.failed);
  });

  it("shows the address, the counts by kind (singular and plural) and every record with its date", async () => {
    stubApi({ "/api/privacy/records": () => json(200, HELD) });
    const { main, screen } = openMyData();
    expect(await screen.findByText(EMAIL)).toBeTruthy();
    const text = textOf(main);
    expect(text).toContain(`2 ${ERASED_KIND_LABELS.signature.many}`);
    expect(text).toContain(`1 ${ERASED_KIND_LABELS.report.one}`);
    expect(text).toContain(`1 ${ERASED_KIND_LABELS.lead.one}`);
    expect(text).not.toContain(ERASED_KIND_LABELS.newsletter.one);
    const items = [...main.querySelectorAll("li")].filter((li) => li.querySelector("time"));
    expect(items.map((li) => li.querySelector("span")?.textContent)).toEqual(HELD.records.map((r) => r.label));
    expect(items.map((li) => li.querySelector("time")?.getAttribute("datetime"))).toEqual(HELD.records.map((r) => r.createdAt));
    for (const li of items) expect(li.querySelector("time")?.textContent).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(screen.getByRole("button", { name: MY_DATA.download })).toBeTruthy();
    expect(screen.getByRole("button", { name: MY_DATA.erase })).toBeTruthy();
  });

  it("with no records: 'We hold no data for this address.', no erase button, download still offered", async () => {
    stubApi({ "/api/privacy/records": () => json(200, { ...HELD, counts: { signature: 0, report: 0, lead: 0, newsletter: 0 }, records: [] }) });
    const { screen } = openMyData();
    expect(await screen.findByText("We hold no data for this address.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: MY_DATA.erase })).toBeNull();
    expect(screen.getByRole("button", { name: MY_DATA.download })).toBeTruthy();
  });

  it(`"${MY_DATA.download}" saves the export as ${MY_DATA_FILE}, a JSON blob`, async () => {
    const calls = stubApi({ "/api/privacy/records": () => json(200, HELD), "/api/privacy/export": () => json(200, EXPORTED) });
    const blobs: Blob[] = [];
    const saved: string[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), "blob:my-data"), revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute("href")}`);
    });
    const { screen } = openMyData();
    fireEvent.click(await screen.findByRole("button", { name: MY_DATA.download }));
    await waitFor(() => expect(saved).toEqual([`${MY_DATA_FILE} blob:my-data`]));
    expect(privacyCalls(calls).map((c) => [c.url, c.body])).toEqual([
      ["/api/privacy/records", { token: TOKEN }],
      ["/api/privacy/export", { token: TOKEN }],
    ]);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toMatch(/^application\/json/);
    expect(JSON.parse(await readBlob(blobs[0]!))).toEqual(EXPORTED);
  });

  it(`"${MY_DATA.erase}" asks first; Cancel erases nothing; confirming erases and shows what was erased`, async () => {
    const erased: ErasedCounts = { signature: 2, report: 1, lead: 1, newsletter: 1 };
    const calls = stubApi({ "/api/privacy/records": () => json(200, HELD), "/api/privacy/erase": () => json(200, { erased }) });
    const { main, screen } = openMyData();
    fireEvent.click(await screen.findByRole("button", { name: MY_DATA.erase }));
    let dialog = await within(document.body).findByRole("dialog");
    expect(textOf(dialog)).toContain(MY_DATA.confirmTitle);
    expect(textOf(dialog)).toContain(`2 ${ERASED_KIND_LABELS.signature.many}`);
    fireEvent.click(within(dialog).getByRole("button", { name: MY_DATA.cancel }));
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
    expect(privacyCalls(calls).map((c) => c.url)).toEqual(["/api/privacy/records"]);

    fireEvent.click(screen.getByRole("button", { name: MY_DATA.erase }));
    dialog = await within(document.body).findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: MY_DATA.confirm }));
    await waitFor(() => expect(main.querySelector("h1")?.textContent).toBe("Your data has been erased"));
    expect(privacyCalls(calls).map((c) => [c.url, c.body])).toEqual([
      ["/api/privacy/records", { token: TOKEN }],
      ["/api/privacy/erase", { token: TOKEN }],
    ]);
    const text = textOf(main);
    expect(text).toContain(`2 ${ERASED_KIND_LABELS.signature.many}`);
    expect(text).toContain(`1 ${ERASED_KIND_LABELS.report.one}`);
    expect(text).toContain(`1 ${ERASED_KIND_LABELS.lead.one}`);
    expect(text).toContain(`1 ${ERASED_KIND_LABELS.newsletter.one}`);
    expect(screen.queryByRole("button", { name: MY_DATA.erase })).toBeNull();
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
  });

  it("erasing with a link used meanwhile (400): the invalid-link message; a server failure: sent again with its key, then the failure inside the dialog", async () => {
    useFakeWaits();
    let answer: Answer = () => json(500, { error: "boom" });
    const calls = stubApi({ "/api/privacy/records": () => json(200, HELD), "/api/privacy/erase": (call, all) => answer(call, all) });
    const { main, screen } = openMyData();
    fireEvent.click(await screen.findByRole("button", { name: MY_DATA.erase }));
    const dialog = await within(document.body).findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: MY_DATA.confirm }));
    await retriesPass();
    expect(textOf(await within(dialog).findByRole("alert"))).toBe(PRIVACY_MESSAGES.failed);
    const erasures = calls.filter((c) => c.url === "/api/privacy/erase");
    expect(erasures).toHaveLength(1 + RETRY_DELAYS_MS.length);
    expect(new Set(erasures.map((c) => c.key)).size).toBe(1);
    answer = invalid;
    fireEvent.click(within(dialog).getByRole("button", { name: MY_DATA.confirm }));
    await waitFor(() => expect(main.querySelector("h1")?.textContent).toBe(MY_DATA.invalidTitle));
    expect(textOf(screen.getByRole("alert"))).toBe(PRIVACY_MESSAGES.invalidLink);
  });

  it("prerendered: only the loading state (the token is read in the browser)", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToHtml("/my-data");
    expect(container.querySelector("h1")?.textContent).toBe(MY_DATA.title);
    expect(container.textContent).toContain(MY_DATA.loading);
    expect(container.querySelectorAll("main button")).toHaveLength(0);
    expect(container.querySelector("main [role=alert]")).toBeNull();
  });
});
