// @vitest-environment jsdom
/** The console's health panel (/admin/health) against a fake admin API: dead letters and their re-drive, mail, sheets. */
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api";
import { renderAdmin } from "./admin-render";
import { installBrowserShims } from "./dom-setup";
import { fakeAdminApi, type AdminCall } from "./fake-admin-api";
import type { DeadLetter, HealthReport } from "../src/admin/pages/health/health";

vi.mock("../src/admin/auth", () => ({
  accessToken: async () => "test-token",
  useAuth: () => ({ state: { status: "signedIn", username: "admin@example.org", isAdmin: true } }),
}));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
vi.setConfig({ testTimeout: 20_000 });

const { HealthPage } = await import("../src/admin/pages/health/HealthPage");

const REPORT = "GET /api/admin/health";
const REDRIVE = "POST /api/admin/health/dead-letters/*/redrive";

const older: DeadLetter = {
  id: "0mwdl0000000000000001",
  at: "2025-03-08T14:00:00.000Z",
  source: "subscriber",
  target: "report-notice",
  detailType: "report.submitted",
  eventId: "0mwevent0000000000001",
  error: "ThrottlingException: Rate exceeded",
  state: "waiting",
};
const stream: DeadLetter = {
  id: "0mwdl0000000000000002",
  at: "2025-03-08T15:00:00.000Z",
  source: "stream",
  target: "signature-stream",
  error: "Task timed out after 30.00 seconds",
  state: "waiting",
};
const newer: DeadLetter = {
  id: "0mwdl0000000000000003",
  at: "2025-03-08T16:00:00.000Z",
  source: "subscriber",
  target: "signature-confirmation",
  detailType: "signature.created",
  eventId: "0mwevent0000000000003",
  error: "SES: Maximum sending rate exceeded",
  state: "waiting",
};
const redrivenEarlier: DeadLetter = {
  id: "0mwdl0000000000000000",
  at: "2025-03-07T09:00:00.000Z",
  source: "subscriber",
  target: "guide-mail",
  detailType: "lead.submitted",
  eventId: "0mwevent0000000000000",
  error: "Internal error",
  state: "redriven",
  redrivenAt: "2025-03-07T10:00:00.000Z",
  redrivenBy: "other-admin@example.org",
};

const report = (items: DeadLetter[]): HealthReport => ({
  deadLetters: { waiting: items.filter((i) => i.state === "waiting").length, items },
  mailQueue: { queued: 37, seconds: 4 },
  mailBudget: { sentToday: 1234, dailyQuota: 50000, perSecond: 14 },
  sheets: [
    { tab: "Signatures", at: "2025-03-08T12:00:00.000Z", status: "succeeded", rows: 4210 },
    { tab: "Reports", at: "2025-03-08T12:05:00.000Z", status: "failed", error: "Google answered 429: Quota exceeded" },
  ],
});

/** A server whose report follows its re-drives, as the real one does. */
function serveServer(items: DeadLetter[], redrive?: (call: AdminCall) => unknown) {
  let letters = items;
  fakeAdminApi.serve({
    [REPORT]: () => report(letters),
    [REDRIVE]: (call: AdminCall) => {
      if (redrive) return redrive(call);
      const id = decodeURIComponent(call.url.split("/").at(-2)!);
      const done: DeadLetter = {
        ...letters.find((l) => l.id === id)!,
        state: "redriven",
        redrivenAt: "2025-03-08T17:00:00.000Z",
        redrivenBy: "admin@example.org",
      };
      letters = letters.map((l) => (l.id === id ? done : l));
      return done;
    },
  });
}

const renderPage = () => renderAdmin("/admin/health", { "/admin/health": HealthPage });

const deadLetters = () => screen.getByRole("region", { name: "Dead letters" });
const rowOf = (id: string) => deadLetters().querySelector<HTMLElement>(`tr[data-dead-letter-id="${id}"]`)!;
const rowIds = () => [...deadLetters().querySelectorAll("tr[data-dead-letter-id]")].map((tr) => tr.getAttribute("data-dead-letter-id"));
const reportReads = () => fakeAdminApi.callsTo(REPORT).length;

beforeAll(installBrowserShims);
beforeEach(() => fakeAdminApi.reset());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the health panel", () => {
  it("shows the dead letters newest first with the count waiting, the mail queue and budget, and the sheets' syncs", async () => {
    serveServer([older, stream, redrivenEarlier, newer]);
    renderPage();
    await screen.findByRole("table", { name: "Dead-lettered side effects" });
    expect(screen.getByRole("heading", { level: 1, name: "Health" })).toBeTruthy();
    expect(within(deadLetters()).getByText("3 side effects waiting")).toBeTruthy();
    expect(rowIds()).toEqual([newer.id, stream.id, older.id, redrivenEarlier.id]);

    const first = rowOf(newer.id);
    expect(within(first).getByText("Subscriber")).toBeTruthy();
    expect(within(first).getByText("signature-confirmation")).toBeTruthy();
    expect(within(first).getByText("signature.created")).toBeTruthy();
    expect(within(first).getByText("0mwevent0000000000003")).toBeTruthy();
    expect(within(first).getByText("SES: Maximum sending rate exceeded")).toBeTruthy();
    expect(within(first).getByText("Waiting")).toBeTruthy();
    expect(within(first).getByRole("button", { name: "Re-drive signature.created 0mwevent0000000000003" })).toBeTruthy();

    // a stream's batch is replayed by hand: no button, the way to do it instead
    const streamRow = rowOf(stream.id);
    expect(within(streamRow).queryByRole("button")).toBeNull();
    expect(within(streamRow).getByText("Re-run by replaying the stream: see the operations guide")).toBeTruthy();

    // one re-driven already says so, when and by whom, and has no button
    const done = rowOf(redrivenEarlier.id);
    expect(within(done).getByText("Re-driven")).toBeTruthy();
    expect(within(done).getByText(/by other-admin@example\.org/)).toBeTruthy();
    expect(within(done).queryByRole("button")).toBeNull();

    const queue = screen.getByRole("region", { name: "Mail queue" });
    expect(within(queue).getByText("37")).toBeTruthy();
    expect(within(queue).getByText("4 s")).toBeTruthy();
    const budget = screen.getByRole("region", { name: "Mail budget" });
    expect(within(budget).getByText("1,234 of 50,000")).toBeTruthy();
    expect(within(budget).getByText("14 / s")).toBeTruthy();

    const sheets = screen.getByRole("table", { name: "Last sync of each tab" });
    const [signatures, reports] = within(sheets).getAllByRole("row").slice(1);
    expect(within(signatures!).getByText("Succeeded")).toBeTruthy();
    expect(within(signatures!).getByText("4,210 rows")).toBeTruthy();
    expect(within(reports!).getByText("Failed")).toBeTruthy();
    expect(within(reports!).getByText("Google answered 429: Quota exceeded")).toBeTruthy();
  });

  it("re-drives a waiting dead letter: the POST to its path, the notification, the row re-driven and the count down", async () => {
    serveServer([older, stream, newer]);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Re-drive report.submitted 0mwevent0000000000001" }));

    expect(await screen.findByText("Re-driven: the side effect runs again")).toBeTruthy();
    const posts = fakeAdminApi.callsTo(REDRIVE);
    expect(posts.map((c) => c.url)).toEqual([`/api/admin/health/dead-letters/${older.id}/redrive`]);
    expect(posts[0]!.body).toBeUndefined();

    await waitFor(() => expect(within(rowOf(older.id)).getByText("Re-driven")).toBeTruthy());
    expect(within(rowOf(older.id)).getByText(/by admin@example\.org/)).toBeTruthy();
    expect(within(rowOf(older.id)).queryByRole("button")).toBeNull();
    expect(within(deadLetters()).getByText("2 side effects waiting")).toBeTruthy();
    // the report was read again after the re-drive
    await waitFor(() => expect(reportReads()).toBeGreaterThanOrEqual(2));
    expect(fakeAdminApi.calls.findIndex((c) => c.method === "POST")).toBeLessThan(fakeAdminApi.calls.map((c) => c.method).lastIndexOf("GET"));
  });

  it("shows the API's message when the side effect was re-driven already, and reads the report again", async () => {
    serveServer([older], () => new ApiError(409, "This side effect was re-driven already"));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Re-drive report.submitted 0mwevent0000000000001" }));

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("This side effect was re-driven already")).toBeTruthy();
    expect(screen.queryByText("Re-driven: the side effect runs again")).toBeNull();
    await waitFor(() => expect(reportReads()).toBe(2));
  });

  it("says so when nothing waits and no sync has run", async () => {
    fakeAdminApi.serve({ [REPORT]: { ...report([]), sheets: [] } });
    renderPage();
    expect(await screen.findByText("No side effect is waiting: every one succeeded or was re-driven.")).toBeTruthy();
    expect(within(deadLetters()).getByText("0 side effects waiting")).toBeTruthy();
    expect(screen.getByText("No sync has run yet.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Re-drive/ })).toBeNull();
  });

  it("says the report failed to load, and Retry loads it", async () => {
    fakeAdminApi.serve({ [REPORT]: new ApiError(500, "Failed to load the health report") });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to load the health report")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Dead letters" })).toBeNull();

    serveServer([older]);
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByRole("table", { name: "Dead-lettered side effects" });
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("reads the report again every 15 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveServer([older]);
    renderPage();
    await screen.findByRole("table", { name: "Dead-lettered side effects" });
    expect(reportReads()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(14_000);
    });
    expect(reportReads()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    await waitFor(() => expect(reportReads()).toBe(2));
  });
});
