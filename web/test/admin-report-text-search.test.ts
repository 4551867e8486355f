// @vitest-environment jsdom
/** "Search Report Text" on /admin/scam-reports against a fake admin API: the job started, its progress, its matches, a report opened. */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createElement as h } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEXT_SEARCH_MESSAGES } from "@site/core/report/text-search-input";
import { installBrowserShims, withMantine } from "./dom-setup";
import { fakeAdminApi, pathOf } from "./fake-admin-api";
import type { JobInfo } from "../src/admin/lib/jobs";
import type { TextSearchResult } from "../src/admin/lib/reportTextSearch";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
vi.setConfig({ testTimeout: 20_000 });

const { ScamReportsPage } = await import("../src/admin/pages/ScamReportsPage");
const { textSearchSummary } = await import("../src/admin/lib/reportTextSearch");

const ID = "0mwrd2ewcabcdefghijkl";
const RESULT: TextSearchResult = {
  matches: [
    {
      id: ID,
      reference: "TSR-7K3M-9QX2",
      fullName: "Ana Lima",
      createdAt: "2025-03-08T14:15:00.000Z",
      field: "Description",
      snippet: "…we paid the Escrow Release Fee before the closing…",
    },
  ],
  matched: 201,
  scanned: 1000,
  truncated: true,
};
const DETAILS = {
  id: ID,
  reference: "TSR-7K3M-9QX2",
  status: "new",
  reporter: { fullName: "Ana Lima", email: "ana@example.com", city: "Orlando", state: "FL", speakWithTeam: false, shareAnonymously: false },
  scamTypes: [{ type: "other", description: "We paid the Escrow Release Fee before the closing." }],
  contactMethods: [{ method: "in_person", location: "Orlando", eventType: "Owner update" }],
  moneyLost: false,
  dateOccurred: "2025-03-07",
  scammer: { company: "Resale Pros", website: null },
  evidence: [],
  downloadExpiresInSeconds: 300,
  reportedElsewhere: false,
  wantUpdates: false,
  meta: {
    browser: "Chrome 126",
    deviceType: "Desktop",
    screenResolution: "",
    userAgent: "",
    timezone: "",
    language: "",
    ipAddress: "",
    city: "",
    region: "",
    country: "",
    latitude: "",
    longitude: "",
  },
  createdDate: "03/08/2025",
  createdTime: "09:15:00",
  createdAt: "2025-03-08T14:15:00.000Z",
};

let job: JobInfo;
function serve() {
  job = {
    id: "job1",
    kind: "reports.text_search",
    actor: "admin@example.org",
    status: "running",
    createdAt: "2025-03-08T14:20:00.000Z",
    progress: { phase: "searching", completed: 250, total: 1000 },
  };
  fakeAdminApi.serve({
    "GET /api/admin/reports": { items: [], total: 0, page: 1, pageSize: 10 },
    "POST /api/admin/reports/text-searches": { jobId: "job1" },
    "GET /api/admin/jobs/job1": () => job,
    "GET /api/admin/reports/*": DETAILS,
  });
}

const renderPage = () =>
  render(
    withMantine(
      h(
        SWRConfig,
        { value: { provider: () => new Map(), dedupingInterval: 0 } },
        h(MemoryRouter, { initialEntries: ["/admin/scam-reports"] }, h(Routes, null, h(Route, { path: "/admin/scam-reports", element: h(ScamReportsPage) }))),
      ),
    ),
  );

beforeAll(() => {
  installBrowserShims();
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => fakeAdminApi.reset());
afterEach(cleanup);

describe("Search Report Text", () => {
  it("says what it found, how many it searched and when it shows only the newest", () => {
    expect(textSearchSummary({ matched: 0, scanned: 1 }, "fee")).toBe("No report holds “fee” (1 report searched).");
    expect(textSearchSummary({ matched: 1, scanned: 1200 }, "fee")).toBe("1 report of 1,200 holds “fee”.");
    expect(textSearchSummary({ matched: 201, scanned: 1200 }, "fee")).toBe("201 reports of 1,200 hold “fee”.");
  });

  it("starts a job with the list's search text, shows its progress, lists the matches and opens one", async () => {
    serve();
    renderPage();
    await screen.findByText("No reports found");
    fireEvent.change(screen.getByLabelText("Search Reports"), { target: { value: "  escrow release fee " } });
    fireEvent.click(screen.getByRole("button", { name: "Search Report Text" }));
    const panel = screen.getByRole("region", { name: "Search report text" });
    const input = within(panel).getByRole("textbox", { name: /Search report text/ });
    expect((input as HTMLInputElement).value).toBe("escrow release fee");

    // too short: said under the field, and nothing is started
    fireEvent.change(input, { target: { value: " ab " } });
    fireEvent.click(within(panel).getByRole("button", { name: "Search" }));
    await within(panel).findByText(TEXT_SEARCH_MESSAGES.length);
    expect(fakeAdminApi.callsTo("POST /api/admin/reports/text-searches")).toHaveLength(0);

    fireEvent.change(input, { target: { value: "Escrow Release Fee" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Search" }));
    await within(panel).findByText("Searching the text of every report… — 250 of 1,000 reports");
    expect(fakeAdminApi.callsTo("POST /api/admin/reports/text-searches").map((c) => c.body)).toEqual([{ text: "Escrow Release Fee" }]);
    expect(within(panel).queryByText(TEXT_SEARCH_MESSAGES.length)).toBeNull();

    job = { ...job, status: "done", progress: { phase: "done", completed: 1000, total: 1000 }, result: RESULT };
    // the job is polled every JOB_POLL_MS (1 s): wait past one poll, not the default 1 s
    const matches = await within(panel).findByRole("table", { name: "Reports holding the text" }, { timeout: 5000 });
    expect(within(panel).getByRole("status").textContent).toBe("201 reports of 1,000 hold “Escrow Release Fee”.");
    expect(within(panel).getByText(/Showing the newest 1 of 201 matching reports/)).toBeTruthy();
    const [row] = within(matches).getAllByRole("row").slice(1);
    expect(within(row!).getByText("TSR-7K3M-9QX2")).toBeTruthy();
    expect(within(row!).getByText("Ana Lima")).toBeTruthy();
    expect(within(row!).getByText("03/08/2025 09:15")).toBeTruthy();
    expect(within(row!).getByText("Description")).toBeTruthy();
    expect(row!.textContent).toContain("…we paid the Escrow Release Fee before the closing…");
    expect(within(panel).queryByText(/Searching the text of every report/)).toBeNull();

    fireEvent.click(within(row!).getByRole("button", { name: "View details of report TSR-7K3M-9QX2" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("Report Details");
    await waitFor(() => expect(fakeAdminApi.calls.some((c) => c.method === "GET" && pathOf(c.url) === `/api/admin/reports/${ID}`)).toBe(true));
    await within(dialog).findAllByText("TSR-7K3M-9QX2");
  });

  it("says why a search failed", async () => {
    serve();
    renderPage();
    await screen.findByText("No reports found");
    fireEvent.click(screen.getByRole("button", { name: "Search Report Text" }));
    const panel = screen.getByRole("region", { name: "Search report text" });
    fireEvent.change(within(panel).getByRole("textbox", { name: /Search report text/ }), { target: { value: "escrow" } });
    job = { ...job, status: "failed", error: "The job stopped before it finished (it timed out or crashed); please start it again" };
    fireEvent.click(within(panel).getByRole("button", { name: "Search" }));
    expect((await within(panel).findByRole("alert")).textContent).toBe("The job stopped before it finished (it timed out or crashed); please start it again");
  });
});
