// @vitest-environment jsdom
/** /admin/newsletter, the subscriber list, against a fake admin API. */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createElement as h } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SubscriberRow } from "@site/core/newsletter/index-item";
import { installBrowserShims, withMantine } from "./dom-setup";

type Call = { method: string; url: string; body?: unknown };
const api = vi.hoisted(() => ({ calls: [] as Call[], answer: (_call: Call): unknown => undefined }));
vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("react-remove-scroll", () => ({ RemoveScroll: ({ children }: { children: unknown }) => children }));
vi.mock("../src/admin/adminApi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../src/admin/adminApi")>()),
  adminRequest: vi.fn(async (url: string, options: { method?: string; body?: unknown } = {}) => {
    const call = { method: options.method ?? "GET", url, body: options.body };
    api.calls.push(call);
    const answer = api.answer(call);
    if (answer instanceof Error) throw answer;
    return answer;
  }),
}));
const downloads = vi.hoisted(() => ({ csv: [] as { csv: string; fileName: string }[] }));
vi.mock("../src/lib/download", () => ({
  downloadCsv: (csv: string, fileName: string) => downloads.csv.push({ csv, fileName }),
  downloadText: () => {},
}));
vi.setConfig({ testTimeout: 20_000 });

const { SubscribersPage } = await import("../src/admin/pages/newsletter/SubscribersPage");

const sub = (over: Partial<SubscriberRow>): SubscriberRow => ({
  id: "ana+news@example.com",
  email: "Ana+News@example.com",
  name: "Ana Lima",
  status: "confirmed",
  sources: "petition:timeshare-reform,lead:checklist",
  consents: JSON.stringify([
    { source: "petition:timeshare-reform", at: "2025-03-08T14:15:00.000Z" },
    { source: "lead:checklist", at: "2025-03-09T15:00:00.000Z" },
  ]),
  firstConsentAt: "2025-03-08T14:15:00.000Z",
  lastConsentAt: "2025-03-09T15:00:00.000Z",
  confirmedAt: "2025-03-08T14:30:00.000Z",
  unsubscribedAt: "",
  expiresAt: 0,
  ...over,
});
const ANA = sub({});
const BO = sub({ id: "bo@example.com", email: "bo@example.com", name: "Bo Reyes", status: "unconfirmed", sources: "scam-report", consents: '[{"source":"scam-report","at":"2025-03-07T10:00:00.000Z"}]', confirmedAt: "", expiresAt: 1_900_000_000 });
const COUNTS = { total: 2, byStatus: { confirmed: 1, unconfirmed: 1, unsubscribed: 0 }, bySource: { petition: 1, "scam-report": 1, guide: 1, "unsubscribe-page": 0 } };

const path = (url: string) => new URL(url, "http://x").pathname;
const params = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);
const listCalls = () => api.calls.filter((c) => c.method === "GET" && path(c.url) === "/api/admin/newsletter/subscribers");

function serve(rows: SubscriberRow[]) {
  api.answer = (call) => {
    const p = path(call.url);
    if (call.method === "GET" && p === "/api/admin/newsletter/summary") return COUNTS;
    if (call.method === "GET" && p === "/api/admin/newsletter/subscribers") return { items: rows, total: rows.length, page: 1, pageSize: 50 };
    if (call.method === "GET" && p === "/api/admin/newsletter/subscribers/export") return { operationId: "op1", items: rows, total: rows.length, page: 1, pageSize: 1000 };
    if (call.method === "POST" && p.endsWith("/unsubscribe")) return { email: "ana+news@example.com", result: "unsubscribed" };
    if (call.method === "DELETE") return { email: "bo@example.com" };
    return new Error(`unexpected ${call.method} ${call.url}`);
  };
}

function renderPage() {
  return render(
    withMantine(
      h(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, h(MemoryRouter, { initialEntries: ["/admin/newsletter"] }, h(Routes, null, h(Route, { path: "/admin/newsletter", element: h(SubscribersPage) })))),
    ),
  );
}

const table = () => screen.getByRole("table", { name: "Newsletter subscribers" });
const bodyRows = () => within(table()).getAllByRole("row").slice(1);

beforeAll(() => {
  installBrowserShims();
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  api.calls.length = 0;
  downloads.csv.length = 0;
});
afterEach(cleanup);

describe("/admin/newsletter", () => {
  it("shows the count cards, the subscribers, a link to the issues, and filters through the list's query", async () => {
    serve([ANA, BO]);
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Newsletter" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Issues" }).getAttribute("href")).toBe("/admin/newsletter/issues");
    await screen.findByText("Bo Reyes");
    const cells = bodyRows().map((r) => within(r).getAllByRole("cell").slice(0, 4).map((c) => c.textContent));
    expect(cells).toEqual([
      ["Ana+News@example.com", "Ana Lima", "Confirmed", "Petition, Free guide"],
      ["bo@example.com", "Bo Reyes", "Unconfirmed", "Scam report"],
    ]);
    expect(screen.getByRole("button", { name: "All subscribers 2" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Unconfirmed 1" }));
    await waitFor(() => expect(params(listCalls().at(-1)!.url)).toMatchObject({ status: "unconfirmed" }));
    fireEvent.click(screen.getByRole("button", { name: "Source: Free guide 1" }));
    await waitFor(() => expect(params(listCalls().at(-1)!.url)).toMatchObject({ status: "unconfirmed", source: "guide", sort: "lastConsentAt", order: "desc" }));
  });

  it("shows every consent in the details, unsubscribes and deletes after a confirmation, and exports the CSV", async () => {
    serve([ANA, BO]);
    renderPage();
    await screen.findByText("Bo Reyes");

    fireEvent.click(screen.getByRole("button", { name: "View details of Ana+News@example.com" }));
    const consents = await screen.findByRole("table", { name: "Consents" });
    expect(within(consents).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual(["Petition: timeshare-reform", "Free guide: checklist"]);
    const details = screen.getByRole("dialog", { name: "Subscriber Details" });
    fireEvent.click(within(details).getByRole("button", { name: "Unsubscribe" }));
    const dialog = await screen.findByRole("dialog", { name: "Unsubscribe Subscriber" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Unsubscribe" }));
    await screen.findByText("Subscriber unsubscribed");
    // the open details follow the change
    expect(within(details).getAllByText("Unsubscribed").length).toBeGreaterThan(0);
    expect(within(details).queryByRole("button", { name: "Unsubscribe" })).toBeNull();
    expect(api.calls.find((c) => c.method === "POST")).toEqual({ method: "POST", url: "/api/admin/newsletter/subscribers/ana%2Bnews%40example.com/unsubscribe", body: {} });

    fireEvent.click(screen.getByRole("button", { name: "Delete bo@example.com" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete Subscriber" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await screen.findByText("Subscriber deleted");
    expect(api.calls.find((c) => c.method === "DELETE")!.url).toBe("/api/admin/newsletter/subscribers/bo%40example.com");

    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(downloads.csv).toHaveLength(1));
    const [header, first] = downloads.csv[0]!.csv.split("\r\n");
    expect(header).toBe('"Email Address","Name","Status","Consent Sources","Consent Times","Confirmed At","Unsubscribed At"');
    expect(first).toBe('"Ana+News@example.com","Ana Lima","confirmed","petition:timeshare-reform; lead:checklist","2025-03-08T14:15:00.000Z; 2025-03-09T15:00:00.000Z","2025-03-08T14:30:00.000Z",""');
    expect(downloads.csv[0]!.fileName).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
