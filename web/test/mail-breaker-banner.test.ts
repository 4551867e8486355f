// @vitest-environment jsdom
/** The dashboard's banner when the feedback breaker has paused visitor e-mail (issue 39, H1), against a fake admin API. */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement as h } from "react";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installBrowserShims, withMantine } from "./dom-setup";
import { fakeAdminApi } from "./fake-admin-api";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));

const { MailBreakerBanner, MAIL_PAUSED_TITLE, RESUME_LABEL } = await import("../src/admin/components/MailBreakerBanner");

const REASON = "10.0 % of the last 50 visitor e-mails bounced (the limit is 3.0 %)";
const OPEN = {
  open: true,
  epoch: 0,
  openedAt: "2025-03-08T14:15:00.000Z",
  reason: REASON,
  sends: 50,
  bounceRate: 0.1,
  complaintRate: 0,
  window: { sends: 50, bounces: 5, complaints: 0 },
  windowHours: 24,
};

const renderBanner = () =>
  render(withMantine(h(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, h("main", null, h(MailBreakerBanner)))));

beforeAll(installBrowserShims);
beforeEach(() => fakeAdminApi.reset());
afterEach(cleanup);

describe("the dashboard's e-mail breaker banner", () => {
  it("says visitor e-mail is paused, since when and why, and resumes it on request", async () => {
    let state: Record<string, unknown> = OPEN;
    fakeAdminApi.serve({
      "GET /api/admin/mail/breaker": () => state,
      "POST /api/admin/mail/breaker/resume": () => {
        state = { ...OPEN, open: false, epoch: 1 };
        return { open: false, epoch: 1 };
      },
    });
    renderBanner();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(MAIL_PAUSED_TITLE);
    expect(alert.textContent).toContain(REASON);
    // New York time, as every time on the console
    expect(alert.textContent).toContain("Since 03/08/2025");
    expect(alert.textContent).toContain("privacy links and notices to administrators still go");

    fireEvent.click(screen.getByRole("button", { name: RESUME_LABEL }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(fakeAdminApi.callsTo("POST /api/admin/mail/breaker/resume")).toHaveLength(1);
  });

  it("shows nothing while visitor e-mail goes", async () => {
    fakeAdminApi.serve({ "GET /api/admin/mail/breaker": { open: false, epoch: 3, window: { sends: 10, bounces: 0, complaints: 0 }, windowHours: 24 } });
    renderBanner();
    await waitFor(() => expect(fakeAdminApi.callsTo("GET /api/admin/mail/breaker")).toHaveLength(1));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: RESUME_LABEL })).toBeNull();
  });
});
