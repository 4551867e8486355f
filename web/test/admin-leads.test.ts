// @vitest-environment jsdom
/** /admin/forms and the four free-guide lists, against a fake admin API. */
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LEAD_ADMIN_MESSAGES, SUCCESS_TOAST_MS } from "@site/core/lead/forms";
import type { LeadRow } from "@site/core/lead/record";
import { exportJobRoutes, renderAdmin } from "./admin-render";
import { installBrowserShims } from "./dom-setup";
import { fakeAdminApi, pathOf, queryOf, type AdminCall, type AdminRoutes } from "./fake-admin-api";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
const downloads = vi.hoisted(() => ({ csv: [] as { csv: string; fileName: string }[], links: [] as { url: string; fileName: string }[] }));
vi.mock("../src/lib/download", () => ({
  downloadCsv: (csv: string, fileName: string) => downloads.csv.push({ csv, fileName }),
  downloadFrom: (url: string, fileName: string) => downloads.links.push({ url, fileName }),
  downloadText: () => {},
}));

// Whole Mantine screens in jsdom take seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const { FormsPage } = await import("../src/admin/pages/forms/FormsPage");
const { LeadSubmissionsRoute } = await import("../src/admin/pages/forms/LeadSubmissionsPage");
const { useNotice } = await import("../src/admin/hooks/useNotice");

const lead = (over: Partial<LeadRow>): LeadRow => ({
  id: "0mwrd2ewcabcdefghijk1",
  form: "checklist",
  fullName: "Ana Lima",
  email: "ana@example.com",
  newsletterConsent: true,
  createdDate: "03/08/2025",
  createdTime: "09:15:00",
  createdAt: "2025-03-08T14:15:00.000Z",
  browser: "Chrome 126",
  deviceType: "Desktop",
  screenResolution: "1920x1080",
  language: "en-US",
  timezone: "America/New_York",
  city: "Orlando",
  region: "Florida",
  country: "US",
  ipAddress: "203.0.113.9",
  ...over,
});
const ANA = lead({});
const BO = lead({
  id: "0mwrd2ewcabcdefghijk2",
  fullName: "Bo Reyes",
  email: "bo@example.com",
  newsletterConsent: false,
  createdTime: "08:00:00",
  city: "Unknown",
});

const SUMMARY = {
  forms: [
    {
      form: "checklist",
      title: "Free Checklist",
      listTitle: "x",
      adminSlug: "checklist",
      count: 1234,
      latest: { createdAt: "2025-03-08T14:15:00.000Z", createdDate: "03/08/2025", createdTime: "09:15:00" },
    },
    { form: "where-scams-thrive", title: "Where Timeshare Scams Thrive", listTitle: "x", adminSlug: "where-scams-thrive", count: 0, latest: null },
    {
      form: "before-you-sign",
      title: "Before You Sign a Contract",
      listTitle: "x",
      adminSlug: "before-you-sign",
      count: 7,
      latest: { createdAt: "2025-01-02T03:04:05.000Z", createdDate: "01/01/2025", createdTime: "22:04:05" },
    },
    {
      form: "spotting-exit-scams",
      title: "Spotting Exit Scams",
      listTitle: "x",
      adminSlug: "spotting-exit-scams",
      count: 1,
      latest: { createdAt: "2025-02-02T12:00:00.000Z", createdDate: "02/02/2025", createdTime: "07:00:00" },
    },
  ],
};

const listCalls = (form = "checklist") => fakeAdminApi.callsTo(`GET /api/admin/leads/${form}`);
const idOf = (call: AdminCall) => pathOf(call.url).split("/").at(-1);

/** A fake API holding `rows` of the checklist form; `extra` routes are tried first. */

function serve(rows: LeadRow[], extra: AdminRoutes = {}) {
  fakeAdminApi.serve({
    ...extra,
    "GET /api/admin/leads": SUMMARY,
    "GET /api/admin/leads/checklist": (call: AdminCall) => {
      const { page = "1", pageSize = "50" } = queryOf(call.url);
      return { items: rows, total: rows.length, page: Number(page), pageSize: Number(pageSize) };
    },
    "GET /api/admin/leads/checklist/export": (call: AdminCall) => {
      const { page = "1", pageSize = "1000" } = queryOf(call.url);
      return { operationId: "op1", items: rows, total: rows.length, page: Number(page), pageSize: Number(pageSize) };
    },
    "DELETE /api/admin/leads/checklist/*": (call: AdminCall) => ({ id: idOf(call), form: "checklist" }),
    // one submission's details; after the export route, which `*` would match too
    "GET /api/admin/leads/checklist/*": (call: AdminCall) => {
      const row = rows.find((r) => r.id === idOf(call))!;
      const { browser, deviceType, screenResolution, language, timezone, city, region, country, ipAddress, ...top } = row;
      return {
        ...top,
        meta: {
          browser,
          deviceType,
          screenResolution,
          language,
          timezone,
          city,
          region,
          country,
          ipAddress,
          userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
          latitude: "",
          longitude: "",
        },
        formTitle: "Free Checklist",
        documentTitle: "The Timeshare Scam Checklist",
      };
    },
  });
}

const renderAt = (at: string) => renderAdmin(at, { "/admin/forms": FormsPage, "/admin/forms/:slug": LeadSubmissionsRoute });

const table = () => screen.getByRole("table", { name: "Timeshare Scam Checklist - Submissions" });
const bodyRows = () => within(table()).getAllByRole("row").slice(1);

beforeAll(() => {
  installBrowserShims();
  // Mantine's Select scrolls the chosen option into view.
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  fakeAdminApi.reset();
  downloads.csv.length = 0;
  downloads.links.length = 0;
});
afterEach(cleanup);

describe("/admin/forms", () => {
  it("shows the four forms in the spec's order, each with its count, latest submission (EST) and View Entries", async () => {
    serve([]);
    renderAt("/admin/forms");
    expect(screen.getByRole("heading", { level: 1, name: "Forms Management" })).toBeTruthy();
    await screen.findByText("1,234");
    const cards = screen.getAllByRole("region");
    expect(cards.map((c) => within(c).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "Where Timeshare Scams Thrive",
      "Before You Sign a Contract",
      "Spotting Exit Scams",
      "Free Checklist",
    ]);
    const [where, before, spotting, checklist] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(checklist).getByText("1,234")).toBeTruthy();
    expect(within(checklist).getByText("Latest: 03/08/2025 09:15:00 EST")).toBeTruthy();
    expect(within(where).getByText("0")).toBeTruthy();
    expect(within(where).getByText("No submissions yet")).toBeTruthy();
    expect(within(before).getByText("Latest: 01/01/2025 22:04:05 EST")).toBeTruthy();
    expect(within(spotting).getByText("submission")).toBeTruthy();
    expect(
      cards.map((c) =>
        within(c)
          .getByRole("link", { name: /^View Entries/ })
          .getAttribute("href"),
      ),
    ).toEqual(["/admin/forms/where-scams-thrive", "/admin/forms/before-you-sign", "/admin/forms/spotting-exit-scams", "/admin/forms/checklist"]);
  });

  it("says when the counts cannot be loaded, and still leads to each list", async () => {
    fakeAdminApi.serve(() => new Error(""));
    renderAt("/admin/forms");
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load submission counts");
    expect(screen.getAllByText("Count unavailable")).toHaveLength(4);
    expect(screen.getAllByRole("link", { name: /^View Entries/ })).toHaveLength(4);
  });
});

describe("/admin/forms/<slug>", () => {
  it("lists the form's submissions with the spec's title, count, columns and Back to Forms", async () => {
    serve([ANA, BO]);
    renderAt("/admin/forms/checklist");
    expect(screen.getByRole("heading", { level: 1, name: "Timeshare Scam Checklist - Submissions" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Back to Forms/ }).getAttribute("href")).toBe("/admin/forms");
    await screen.findByText("Total Submissions: 2");
    expect(
      within(table())
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Full Name", "Email", "Submission Date & Time (EST)", "Newsletter Consent", "Actions"]);
    const cells = bodyRows().map((r) =>
      within(r)
        .getAllByRole("cell")
        .slice(0, 4)
        .map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ["Ana Lima", "ana@example.com", "03/08/2025 09:15:00", "Yes"],
      ["Bo Reyes", "bo@example.com", "03/08/2025 08:00:00", "No"],
    ]);
    expect(queryOf(listCalls().at(-1)!.url)).toEqual({ order: "desc", page: "1", pageSize: "50", sort: "createdAt" });
  });

  it("searches, filters by newsletter consent, sorts and changes the page size through the list's query", async () => {
    serve([ANA, BO]);
    renderAt("/admin/forms/checklist");
    await screen.findByText("Total Submissions: 2");

    fireEvent.change(screen.getByLabelText("Search Submissions"), { target: { value: " ana@ " } });
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url).search).toBe("ana@"), { timeout: 2000 });

    fireEvent.click(screen.getByRole("textbox", { name: "Newsletter Consent" }));
    fireEvent.click(await screen.findByRole("option", { name: "Yes", hidden: true }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url)).toMatchObject({ newsletterConsent: "yes", search: "ana@", page: "1" }));

    fireEvent.click(screen.getByRole("textbox", { name: "Sort By" }));
    fireEvent.click(await screen.findByRole("option", { name: "Full Name", hidden: true }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url).sort).toBe("fullName"));

    fireEvent.click(screen.getByRole("textbox", { name: "Rows per page" }));
    fireEvent.click(await screen.findByRole("option", { name: "100", hidden: true }));
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url).pageSize).toBe("100"));
  });

  it("exports every matching row as a job with the list's query, then downloads the file through its link", async () => {
    serve([ANA, BO], exportJobRoutes("leads"));
    renderAt("/admin/forms/checklist");
    await screen.findByText("Total Submissions: 2");
    fireEvent.change(screen.getByLabelText("Search Submissions"), { target: { value: "example" } });
    await waitFor(() => expect(queryOf(listCalls().at(-1)!.url).search).toBe("example"), { timeout: 2000 });

    fireEvent.click(screen.getByRole("button", { name: "Export as CSV" }));
    await waitFor(() => expect(downloads.links).toHaveLength(1), { timeout: 5000 });
    const started = fakeAdminApi.calls.find((c) => c.method === "POST" && pathOf(c.url) === "/api/admin/exports")!;
    expect(started.body).toMatchObject({ kind: "leads", query: { form: "checklist", search: "example", sort: "createdAt", order: "desc" } });
    expect((started.body as { fileName: string }).fileName).toMatch(/^checklist-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(downloads.links[0]).toEqual({ url: "https://files.example/api/admin/jobs/0mwexportjob000000001/download?signed", fileName: "file.csv" });
    expect(downloads.csv).toEqual([]);
  });

  it("asks the spec's question before deleting one submission, then deletes it and takes it off the list", async () => {
    serve([ANA, BO]);
    renderAt("/admin/forms/checklist");
    await screen.findByText("Total Submissions: 2");

    fireEvent.click(screen.getByRole("button", { name: "Delete the submission of Bo Reyes" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(LEAD_ADMIN_MESSAGES.deleteOne)).toBeTruthy();
    expect(LEAD_ADMIN_MESSAGES.deleteOne).toBe("Are you sure you want to delete this submission? This action cannot be undone.");
    expect(fakeAdminApi.calls.some((c) => c.method === "DELETE")).toBe(false);

    serve([ANA]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(fakeAdminApi.calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual([`/api/admin/leads/checklist/${BO.id}`]));
    await screen.findByText("Total Submissions: 1");
    expect(bodyRows().map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual(["Ana Lima"]);
  });

  it("offers Delete All only when there are rows, behind a typed CONFIRM with the spec's text", async () => {
    serve([]);
    const empty = renderAt("/admin/forms/checklist");
    await screen.findByText(LEAD_ADMIN_MESSAGES.empty);
    expect(screen.getByText("Total Submissions: 0")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete All" })).toBeNull();
    expect((screen.getByRole("button", { name: "Export as CSV" }) as HTMLButtonElement).disabled).toBe(true);
    empty.unmount();

    serve([ANA], { "POST /api/admin/leads/*/delete-all": { operationId: "op", deleted: 1, remaining: 0, done: true } });
    renderAt("/admin/forms/checklist");
    await screen.findByText("Total Submissions: 1");
    fireEvent.click(screen.getByRole("button", { name: "Delete All" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(LEAD_ADMIN_MESSAGES.deleteAll)).toBeTruthy();
    const confirm = within(dialog).getByRole("button", { name: "Delete" }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByLabelText("Type CONFIRM to confirm"), { target: { value: "confirm" } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Type CONFIRM to confirm"), { target: { value: "CONFIRM" } });
    expect(confirm.disabled).toBe(false);

    serve([], { "POST /api/admin/leads/*/delete-all": { operationId: "op", deleted: 1, remaining: 0, done: true } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(fakeAdminApi.calls.filter((c) => c.method === "POST").map((c) => [c.url, c.body])).toEqual([
        ["/api/admin/leads/checklist/delete-all", { confirm: "CONFIRM" }],
      ]),
    );
    await screen.findByText(LEAD_ADMIN_MESSAGES.empty);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Delete All" })).toBeNull());
  });

  it("shows the details of a submission: submitter, date, consent, location, device, browser, resolution, language, timezone and IP", async () => {
    serve([ANA]);
    renderAt("/admin/forms/checklist");
    await screen.findByText("Total Submissions: 1");
    fireEvent.click(screen.getByRole("button", { name: "View details of the submission of Ana Lima" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("User agent: Mozilla/5.0 (X11; Linux x86_64)");
    expect(fakeAdminApi.calls.some((c) => c.url === `/api/admin/leads/checklist/${ANA.id}`)).toBe(true);
    const field = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(field("Full Name")).toBe("Ana Lima");
    expect(field("Email")).toBe("ana@example.com");
    expect(field("Submitted (EST)")).toBe("03/08/2025 09:15:00");
    expect(field("Newsletter Consent")).toBe("Yes");
    expect(field("Location")).toBe("Orlando, Florida, US");
    expect(field("Device")).toBe("Desktop");
    expect(field("Browser")).toBe("Chrome 126");
    expect(field("Screen Resolution")).toBe("1920x1080");
    expect(field("Language")).toBe("en-US");
    expect(field("Timezone")).toBe("America/New_York");
    expect(field("IP Address")).toBe("203.0.113.9");
  });

  it("syncs with Google Sheets: 'Syncing...' while the job runs, then the spec's toast", async () => {
    let job = {
      id: "job1",
      kind: "sheets.leads.checklist",
      actor: "a",
      status: "running",
      createdAt: "",
      progress: { phase: "writing", completed: 1, total: 2 },
    };
    serve([ANA], {
      "POST /api/admin/sheets/leads/checklist": { jobId: "job1" },
      "* /api/admin/jobs/job1": () => job, // read on each poll: the test moves the job on below
    });
    renderAt("/admin/forms/checklist");
    await screen.findByText("Total Submissions: 1");
    fireEvent.click(screen.getByRole("button", { name: "Sync with Google Sheets" }));
    const busy = await screen.findByRole("button", { name: "Syncing..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // the bar appears with the job's first poll, which may answer after the button changed
    expect(await screen.findByRole("progressbar", { name: "Writing submissions to the sheet" })).toBeTruthy();

    job = { ...job, status: "done", progress: { phase: "done", completed: 2, total: 2 } };
    expect((await screen.findByRole("status", {}, { timeout: 4000 })).textContent).toBe(LEAD_ADMIN_MESSAGES.synced);
    expect(LEAD_ADMIN_MESSAGES.synced).toBe("Successfully synced with Google Sheets");
    expect(screen.getByRole("button", { name: "Sync with Google Sheets" })).toBeTruthy();
  });

  it("says why a sync failed, after 'Sync failed: '", async () => {
    serve([ANA], {
      "POST /api/admin/sheets/leads/checklist": { jobId: "job2" },
      "* /api/admin/jobs/job2": {
        id: "job2",
        status: "failed",
        error: "Google Sheets answered 403",
        progress: { phase: "writing", completed: 0, total: null },
      },
    });
    renderAt("/admin/forms/checklist");
    await screen.findByText("Total Submissions: 1");
    fireEvent.click(screen.getByRole("button", { name: "Sync with Google Sheets" }));
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain("Sync failed: Google Sheets answered 403"));
  });

  it("says 'Failed to load submissions' when the list cannot be loaded", async () => {
    fakeAdminApi.serve(() => new Error(""));
    renderAt("/admin/forms/before-you-sign");
    expect(screen.getByRole("heading", { level: 1, name: "Before You Sign a Contract - Submissions" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain("Failed to load submissions"));
    expect(listCalls("before-you-sign").length).toBeGreaterThan(0);
  });

  it("answers an unknown form with a not-found message and a way back", async () => {
    serve([]);
    renderAt("/admin/forms/newsletter");
    expect(screen.getByRole("heading", { level: 1, name: "Form not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forms page" }).getAttribute("href")).toBe("/admin/forms");
    expect(screen.getByRole("link", { name: /Back to Forms/ }).getAttribute("href")).toBe("/admin/forms");
    expect(fakeAdminApi.calls).toEqual([]);
  });
});

describe("the lists' toast", () => {
  afterEach(() => vi.useRealTimers());

  it("hides after the spec's 6 seconds", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useNotice(SUCCESS_TOAST_MS));
    act(() => result.current.success(LEAD_ADMIN_MESSAGES.synced));
    expect(result.current.notice).toEqual({ kind: "success", message: LEAD_ADMIN_MESSAGES.synced });
    act(() => void vi.advanceTimersByTime(SUCCESS_TOAST_MS - 1));
    expect(result.current.notice).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.notice).toBeNull();
    expect(SUCCESS_TOAST_MS).toBe(6000);
  });
});
