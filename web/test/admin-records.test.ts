// @vitest-environment jsdom
/**
 * /admin/records: the console's screen of the kinds made by defineKind and registered, drawn from
 * how the server describes each (`GET /api/admin/records`), against a fake admin API: a kind the
 * console has no code for (a volunteer sign-up) is listed, sorted, searched, exported and deleted.
 */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { VOLUNTEER_CONSOLE } from "../../test/support/volunteer-console";
import { cellTexts, exportJobRoutes, renderAdmin } from "./admin-render";
import { installBrowserShims } from "./dom-setup";
import { fakeAdminApi, pathOf, queryOf, type AdminCall } from "./fake-admin-api";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
const downloads = vi.hoisted(() => ({ links: [] as { url: string; fileName: string }[] }));
vi.mock("../src/lib/download", () => ({
  downloadCsv: () => {},
  downloadFrom: (url: string, fileName: string) => downloads.links.push({ url, fileName }),
  downloadText: () => {},
}));

vi.setConfig({ testTimeout: 20_000 });

const { RecordKindRoute, RecordKindsPage } = await import("../src/admin/pages/records/RecordsPage");

const ERIN = { id: "0mwrd2ewcabcdefghijk1", createdAt: "2025-03-08T14:15:00.000Z", fullName: "Erin Vega", email: "erin@example.com", shift: "morning" };
const KIM = { id: "0mwrd2ewcabcdefghijk2", createdAt: "2025-03-07T14:15:00.000Z", fullName: "Kim Ota", email: "kim@example.com", shift: "evening" };

const listCalls = () => fakeAdminApi.callsTo("GET /api/admin/records/volunteer");

function serve(rows: (typeof ERIN)[]) {
  fakeAdminApi.serve({
    "GET /api/admin/records": { kinds: [VOLUNTEER_CONSOLE] },
    "GET /api/admin/records/volunteer": (call: AdminCall) => {
      const { page = "1", pageSize = "50" } = queryOf(call.url);
      return { items: rows, total: rows.length, page: Number(page), pageSize: Number(pageSize) };
    },
    "DELETE /api/admin/records/volunteer/*": (call: AdminCall) => ({ id: pathOf(call.url).split("/").at(-1), kind: "volunteer" }),
    ...exportJobRoutes("volunteers"),
  });
}

const renderAt = (at: string) => renderAdmin(at, { "/admin/records": RecordKindsPage, "/admin/records/:plural": RecordKindRoute });

const table = () => screen.getByRole("table", { name: "Volunteer sign-ups" });
const cellsOf = cellTexts;

beforeAll(() => {
  installBrowserShims();
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  fakeAdminApi.reset();
  downloads.links.length = 0;
});
afterEach(cleanup);

describe("/admin/records", () => {
  it("shows every registered kind, each a way to its list", async () => {
    serve([]);
    renderAt("/admin/records");
    const card = await screen.findByRole("region", { name: "Volunteer sign-ups" });
    expect(within(card).getByRole("link", { name: "View Records of volunteer sign-ups" }).getAttribute("href")).toBe("/admin/records/volunteers");
  });

  it("lists a kind with the headers and cells its description gives, the time in US Eastern", async () => {
    serve([ERIN, KIM]);
    renderAt("/admin/records/volunteers");
    await screen.findByText("Total Volunteer sign-ups: 2");
    const [head, ...rows] = within(table()).getAllByRole("row");
    expect(
      within(head!)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Received (EST)", "Full Name", "Email", "Shift", "Actions"]);
    expect(cellsOf(rows[0]!).slice(0, 4)).toEqual(["03/08/2025 09:15", "Erin Vega", "erin@example.com", "morning"]);
    expect(rows).toHaveLength(2);
  });

  it("sorts by the kind's orders and searches: the list's query says so", async () => {
    serve([ERIN, KIM]);
    renderAt("/admin/records/volunteers");
    await screen.findByText("Total Volunteer sign-ups: 2");
    expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ sort: "createdAt", order: "desc" });
    fireEvent.change(screen.getByLabelText("Search Volunteer sign-ups"), { target: { value: "erin" } });
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url).search).toBe("erin"), { timeout: 2000 });
  });

  it("deletes one row after asking, with the kind's route", async () => {
    serve([ERIN, KIM]);
    renderAt("/admin/records/volunteers");
    await screen.findByText("Total Volunteer sign-ups: 2");
    fireEvent.click(screen.getByRole("button", { name: "Delete the volunteer sign-up of Kim Ota" }));
    const dialog = await screen.findByRole("dialog");
    expect(fakeAdminApi.calls.some((c) => c.method === "DELETE")).toBe(false);
    serve([ERIN]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(fakeAdminApi.calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([`/api/admin/records/volunteer/${KIM.id}`]));
    await screen.findByText("Total Volunteer sign-ups: 1");
    await screen.findByText("The volunteer sign-up was deleted.");
  });

  it("exports as the kind's CSV export job, then downloads the file", async () => {
    serve([ERIN, KIM]);
    renderAt("/admin/records/volunteers");
    await screen.findByText("Total Volunteer sign-ups: 2");
    fireEvent.click(screen.getByRole("button", { name: "Export as CSV" }));
    await waitFor(() => expect(downloads.links).toHaveLength(1), { timeout: 5000 });
    const started = fakeAdminApi.calls.find((c) => c.method === "POST" && pathOf(c.url) === "/api/admin/exports")!;
    expect(started.body).toMatchObject({ kind: "volunteers", query: { sort: "createdAt", order: "desc" } });
    expect((started.body as { fileName: string }).fileName).toMatch(/^volunteers-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("an address naming no kind says so", async () => {
    serve([]);
    renderAt("/admin/records/shoes");
    await screen.findByText("There is no kind of record at this address.");
    expect(fakeAdminApi.callsTo("GET /api/admin/records/*")).toEqual([]);
  });
});
