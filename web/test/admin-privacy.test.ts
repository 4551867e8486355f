// @vitest-environment jsdom
/** /admin/privacy, the data-deletion requests, against a fake admin API. */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api";
import { cellTexts, renderAdmin } from "./admin-render";
import { installBrowserShims } from "./dom-setup";
import { fakeAdminApi, queryOf, type AdminCall } from "./fake-admin-api";
import type { RequestCounts, RequestRow } from "../src/admin/pages/privacy/requests";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
vi.setConfig({ testTimeout: 20_000 });

const { PrivacyRequestsPage } = await import("../src/admin/pages/privacy/PrivacyRequestsPage");
const { erasedText } = await import("../src/admin/pages/privacy/requests");

const HASH_A = "Qm9yaXMtaGFzaC1vZi1hbi1hZGRyZXNzLTAwMDAwMDAwMDA";
const HASH_B = "zz_-9yaXMtaGFzaC1vZi1hbm90aGVyLWFkZHJlc3MtMDAwMDA";
const row = (over: Partial<RequestRow>): RequestRow => ({
  id: "0m8k2a1b3abcdefghijklmn",
  status: "completed",
  person: HASH_A,
  requestedAt: "2025-03-08T14:15:00.000Z",
  validUntil: "2025-03-09T14:15:00.000Z",
  confirmedAt: "2025-03-08T14:30:00.000Z",
  completedAt: "2025-03-08T14:31:00.000Z",
  erased: JSON.stringify({ signature: 2, report: 1, lead: 4, newsletter: 1 }),
  downloads: 3,
  ...over,
});
const DONE = row({});
const LAPSED = row({
  id: "0m8k2a1b4abcdefghijklmn",
  status: "expired",
  person: HASH_B,
  requestedAt: "2025-03-07T10:00:00.000Z",
  validUntil: "2025-03-08T10:00:00.000Z",
  confirmedAt: "",
  completedAt: "",
  erased: "",
  downloads: 0,
});
const COUNTS: RequestCounts = { total: 7, byStatus: { pending: 2, confirmed: 1, completed: 3, expired: 1 } };

const listCalls = () => fakeAdminApi.callsTo("* /api/admin/privacy/requests");

function serve(rows: RequestRow[] | Error, total = rows instanceof Error ? 0 : rows.length, counts: RequestCounts | Error = COUNTS) {
  fakeAdminApi.serve({
    "GET /api/admin/privacy/summary": counts,
    "GET /api/admin/privacy/requests": (call: AdminCall) =>
      rows instanceof Error ? rows : { items: rows, total, page: Number(queryOf(call.url).page), pageSize: Number(queryOf(call.url).pageSize) },
  });
}

const renderPage = () => renderAdmin("/admin/privacy", { "/admin/privacy": PrivacyRequestsPage });

const table = () => screen.getByRole("table", { name: "Deletion requests" });
const bodyRows = () => within(table()).getAllByRole("row").slice(1);
const cellsOf = cellTexts;

beforeAll(() => {
  installBrowserShims();
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  fakeAdminApi.reset();
});
afterEach(cleanup);

describe("/admin/privacy", () => {
  it("shows the explanation, the count cards and the rows: EST times, status badges, the start of the person hash, the erased counts", async () => {
    serve([DONE, LAPSED]);
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Deletion Requests" })).toBeTruthy();
    expect(screen.getByText(/holds a keyed hash of the e-mail address, never the address itself/)).toBeTruthy();
    await screen.findByRole("table", { name: "Deletion requests" });
    expect(
      within(table())
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Requested (EST)", "Status", "Person", "Link Valid Until (EST)", "Confirmed (EST)", "Completed (EST)", "Erased", "Downloads"]);
    expect(bodyRows().map(cellsOf)).toEqual([
      // 14:15 UTC in March 2025 (before the switch to daylight time on the 9th at 2:00) is 09:15 EST
      [
        "03/08/2025 09:15",
        "Completed",
        HASH_A.slice(0, 12),
        "03/09/2025 10:15",
        "03/08/2025 09:30",
        "03/08/2025 09:31",
        "2 petition signatures, 1 scam report, 4 free-guide requests, 1 newsletter subscription",
        "3",
      ],
      ["03/07/2025 05:00", "Expired", HASH_B.slice(0, 12), "03/08/2025 05:00", "—", "—", "—", "0"],
    ]);
    // monospace, with the whole hash in a tooltip
    const person = within(bodyRows()[0]!).getByText(HASH_A.slice(0, 12));
    expect(person.getAttribute("data-person")).toBe(HASH_A);
    fireEvent.mouseEnter(person);
    expect((await screen.findByRole("tooltip")).textContent).toBe(HASH_A);

    await waitFor(() => expect(screen.getByRole("button", { name: "All requests 7" })).toBeTruthy());
    for (const name of ["Pending 2", "Confirmed 1", "Completed 3", "Expired 1"]) expect(screen.getByRole("button", { name }), name).toBeTruthy();
    // no filter and no search: neither is sent
    expect(queryOf(listCalls()[0]!.url)).toEqual({ sort: "requestedAt", order: "desc", page: "1", pageSize: "50" });
  });

  it("filters by status (a card or the select), searches, sorts and pages through the list's query", async () => {
    serve([DONE, LAPSED], 120);
    renderPage();
    await screen.findByRole("table", { name: "Deletion requests" });
    await screen.findByRole("button", { name: "Expired 1" });

    fireEvent.click(screen.getByRole("button", { name: "Expired 1" }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ status: "expired", page: "1" }));
    expect(screen.getByRole("button", { name: "Expired 1" }).getAttribute("aria-pressed")).toBe("true");
    // pressed again: the filter is cleared
    fireEvent.click(screen.getByRole("button", { name: "Expired 1" }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url)).not.toHaveProperty("status"));

    fireEvent.click(screen.getByRole("textbox", { name: "Status" }));
    fireEvent.click(await screen.findByRole("option", { name: "Completed", hidden: true }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ status: "completed" }));
    expect(screen.getByRole("button", { name: "Completed 3" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.change(screen.getByLabelText("Search Requests"), { target: { value: HASH_B.slice(0, 8) } });
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ status: "completed", search: HASH_B.slice(0, 8) }));

    fireEvent.click(screen.getByRole("textbox", { name: "Sort By" }));
    fireEvent.click(await screen.findByRole("option", { name: "Status", hidden: true }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ sort: "status", order: "desc", page: "1" }));
    fireEvent.click(screen.getByRole("textbox", { name: "Order" }));
    fireEvent.click(await screen.findByRole("option", { name: "Ascending", hidden: true }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ sort: "status", order: "asc" }));

    // 120 rows at 50 a page: three pages
    expect(screen.getByText("Showing 1–50 of 120")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() =>
      expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ status: "completed", sort: "status", order: "asc", page: "2", pageSize: "50" }),
    );
    fireEvent.click(screen.getByRole("textbox", { name: "Rows per page" }));
    fireEvent.click(await screen.findByRole("option", { name: "100", hidden: true }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ page: "1", pageSize: "100" }));
  });

  it("says 'Failed to load deletion requests' when the list fails, and Retry loads it", async () => {
    serve(new ApiError(500, "Internal server error"));
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load deletion requests")).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Deletion requests" })).toBeNull();

    serve([DONE]);
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByRole("table", { name: "Deletion requests" });
    expect(bodyRows()).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});

describe("the Erased column", () => {
  it("names each kind with its count, singular or plural, leaving out kinds with none", () => {
    expect(erasedText(JSON.stringify({ signature: 2, report: 1, lead: 4, newsletter: 1 }))).toBe(
      "2 petition signatures, 1 scam report, 4 free-guide requests, 1 newsletter subscription",
    );
    expect(erasedText(JSON.stringify({ signature: 1, report: 0, lead: 0, newsletter: 0 }))).toBe("1 petition signature");
    expect(erasedText(JSON.stringify({ signature: 0, report: 3, lead: 1, newsletter: 0 }))).toBe("3 scam reports, 1 free-guide request");
  });

  it("shows — when nothing was erased or the request is not completed", () => {
    expect(erasedText("")).toBe("—");
    expect(erasedText(JSON.stringify({ signature: 0, report: 0, lead: 0, newsletter: 0 }))).toBe("—");
    expect(erasedText("not json")).toBe("—");
    expect(erasedText("null")).toBe("—");
  });
});
