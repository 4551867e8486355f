// @vitest-environment jsdom
/** /admin/newsletter, the subscriber list, against a fake admin API. */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SubscriberRow } from "@site/core/newsletter/record";
import { renderAdmin } from "./admin-render";
import { installBrowserShims } from "./dom-setup";
import { fakeAdminApi, queryOf } from "./fake-admin-api";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
const downloads = vi.hoisted(() => ({ csv: [] as { csv: string; fileName: string }[], links: [] as { url: string; fileName: string }[] }));
vi.mock("../src/lib/download", () => ({
  downloadCsv: (csv: string, fileName: string) => downloads.csv.push({ csv, fileName }),
  downloadFrom: (url: string, fileName: string) => downloads.links.push({ url, fileName }),
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
  consentCount: 2,
  ...over,
});
const ANA = sub({});
const BO = sub({
  id: "bo@example.com",
  email: "bo@example.com",
  name: "Bo Reyes",
  status: "unconfirmed",
  sources: "scam-report",
  consents: '[{"source":"scam-report","at":"2025-03-07T10:00:00.000Z"}]',
  confirmedAt: "",
  expiresAt: 1_900_000_000,
});
const COUNTS = {
  total: 2,
  byStatus: { confirmed: 1, unconfirmed: 1, unsubscribed: 0 },
  bySource: { petition: 1, "scam-report": 1, guide: 1, "unsubscribe-page": 0 },
};

const listCalls = () => fakeAdminApi.callsTo("GET /api/admin/newsletter/subscribers");

function serve(rows: SubscriberRow[]) {
  fakeAdminApi.serve({
    "GET /api/admin/newsletter/summary": COUNTS,
    "GET /api/admin/newsletter/subscribers": { items: rows, total: rows.length, page: 1, pageSize: 50 },
    "GET /api/admin/newsletter/subscribers/export": { operationId: "op1", items: rows, total: rows.length, page: 1, pageSize: 1000 },
    "POST /api/admin/newsletter/subscribers/unsubscribe": { email: "ana+news@example.com", result: "unsubscribed" },
    "POST /api/admin/newsletter/subscribers/delete": { email: "bo@example.com" },
    "POST /api/admin/exports": { jobId: "0mwexportjob000000002" },
    "GET /api/admin/jobs/0mwexportjob000000002": {
      id: "0mwexportjob000000002",
      kind: "export.subscribers",
      status: "done",
      progress: { phase: "writing", completed: 2, total: 2 },
      result: { rows: 2 },
    },
    "GET /api/admin/jobs/0mwexportjob000000002/download": { url: "https://files.example/exports/0mwexportjob000000002/file.csv?signed", fileName: "file.csv" },
  });
}

const renderPage = () => renderAdmin("/admin/newsletter", { "/admin/newsletter": SubscribersPage });

const table = () => screen.getByRole("table", { name: "Newsletter subscribers" });
const bodyRows = () => within(table()).getAllByRole("row").slice(1);

beforeAll(() => {
  installBrowserShims();
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  fakeAdminApi.reset();
  downloads.csv.length = 0;
  downloads.links.length = 0;
});
afterEach(cleanup);

describe("/admin/newsletter", () => {
  it("shows the count cards, the subscribers, a link to the issues, and filters through the list's query", async () => {
    serve([ANA, BO]);
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Newsletter" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Issues" }).getAttribute("href")).toBe("/admin/newsletter/issues");
    await screen.findByText("Bo Reyes");
    const cells = bodyRows().map((r) =>
      within(r)
        .getAllByRole("cell")
        .slice(0, 4)
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ["Ana+News@example.com", "Ana Lima", "Confirmed", "Petition, Free guide"],
      ["bo@example.com", "Bo Reyes", "Unconfirmed", "Scam report"],
    ]);
    expect(screen.getByRole("button", { name: "All subscribers 2" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Unconfirmed 1" }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ status: "unconfirmed" }));
    fireEvent.click(screen.getByRole("button", { name: "Source: Free guide 1" }));
    await waitFor(() =>
      expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ status: "unconfirmed", source: "guide", sort: "lastConsentAt", order: "desc" }),
    );
  });

  it("shows every consent in the details, unsubscribes and deletes after a confirmation, and exports the CSV", async () => {
    serve([ANA, BO]);
    renderPage();
    await screen.findByText("Bo Reyes");

    fireEvent.click(screen.getByRole("button", { name: "View details of Ana+News@example.com" }));
    const consents = await screen.findByRole("table", { name: "Consents" });
    expect(
      within(consents)
        .getAllByRole("row")
        .slice(1)
        .map((r) => within(r).getAllByRole("cell")[0]!.textContent),
    ).toEqual(["Petition: timeshare-reform", "Free guide: checklist"]);
    // the dialog is named by its title once Mantine has linked it (a render after its content): wait for the name
    const details = await screen.findByRole("dialog", { name: "Subscriber Details" });
    fireEvent.click(within(details).getByRole("button", { name: "Unsubscribe" }));
    const dialog = await screen.findByRole("dialog", { name: "Unsubscribe Subscriber" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Unsubscribe" }));
    await screen.findByText("Subscriber unsubscribed");
    // the open details follow the change
    expect(within(details).getAllByText("Unsubscribed").length).toBeGreaterThan(0);
    expect(within(details).queryByRole("button", { name: "Unsubscribe" })).toBeNull();
    // the address goes in the body, never in the path (which the API's access log keeps)
    expect(fakeAdminApi.calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/admin/newsletter/subscribers/unsubscribe",
      body: { email: "ana+news@example.com" },
    });

    fireEvent.click(screen.getByRole("button", { name: "Delete bo@example.com" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete Subscriber" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await screen.findByText("Subscriber deleted");
    expect(fakeAdminApi.calls.find((c) => c.url === "/api/admin/newsletter/subscribers/delete")).toEqual({
      method: "POST",
      url: "/api/admin/newsletter/subscribers/delete",
      body: { email: "bo@example.com" },
    });
    expect(fakeAdminApi.calls.filter((c) => c.url.includes("%40") || c.url.includes("@"))).toEqual([]);

    // the export is a job: the list's query goes with it, the file comes through its link
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(
      () => expect(downloads.links).toEqual([{ url: "https://files.example/exports/0mwexportjob000000002/file.csv?signed", fileName: "file.csv" }]),
      {
        timeout: 5000,
      },
    );
    const started = fakeAdminApi.calls.find((c) => c.url === "/api/admin/exports")!;
    expect(started.body).toMatchObject({ kind: "subscribers", query: { sort: "lastConsentAt", order: "desc" } });
    expect((started.body as { fileName: string }).fileName).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("says how many earlier consents are counted only, beside the latest ones listed", async () => {
    serve([sub({ consentCount: 25 }), BO]);
    renderPage();
    await screen.findByText("Bo Reyes");
    fireEvent.click(screen.getByRole("button", { name: "View details of Ana+News@example.com" }));
    const consents = await screen.findByRole("table", { name: "Consents" });
    expect(within(consents).getAllByRole("row")).toHaveLength(3);
    expect(screen.getByText("Consents (25)")).toBeTruthy();
    expect(screen.getByText(/The latest 2 are listed; 23 earlier consents are counted only/)).toBeTruthy();

    cleanup();
    serve([ANA]);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "View details of Ana+News@example.com" }));
    await screen.findByRole("table", { name: "Consents" });
    expect(screen.getByText("Consents (2)")).toBeTruthy();
    expect(screen.queryByText(/earlier consent/)).toBeNull();
  });
});
