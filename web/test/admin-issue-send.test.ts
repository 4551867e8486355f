// @vitest-environment jsdom
/** An issue's page, sending it: the result is announced even when the job ends before its first poll. */
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createElement as h } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Issue } from "@site/core/newsletter/issues/input";
import { installBrowserShims, withMantine } from "./dom-setup";
import { fakeAdminApi } from "./fake-admin-api";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
vi.setConfig({ testTimeout: 20_000 });

const { ComposeIssueRoute } = await import("../src/admin/pages/newsletter/issues/ComposeIssuePage");

const ID = "0mwissue0000000000001";
const JOB = "0mwsendjob00000000001";
const draft: Issue = {
  id: ID,
  subject: "Scam alert",
  body: "Never pay upfront fees.",
  status: "draft",
  createdAt: "2026-11-01T10:00:00.000Z",
  createdBy: "admin@example.org",
  updatedAt: "2026-11-01T10:00:00.000Z",
  audience: null,
  counts: { recipients: 0, sent: 0, failed: 0 },
  feedback: { delivered: 0, bounced: 0, complained: 0 },
};
const sent: Issue = {
  ...draft,
  status: "sent",
  startedAt: "2026-11-01T10:05:00.000Z",
  sentAt: "2026-11-01T10:05:01.000Z",
  audience: 2,
  counts: { recipients: 2, sent: 2, failed: 0 },
  jobId: JOB,
};
const doneJob = {
  id: JOB,
  kind: "newsletter.send",
  actor: "admin@example.org",
  status: "done",
  createdAt: "2026-11-01T10:05:00.000Z",
  progress: { phase: "done", completed: 2, total: 2 },
  result: { sent: 2, failed: 0 },
};

beforeAll(() => installBrowserShims());
beforeEach(() => fakeAdminApi.reset());
afterEach(cleanup);

function renderIssue() {
  return render(
    withMantine(
      h(
        SWRConfig,
        { value: { provider: () => new Map(), dedupingInterval: 0 } },
        h(
          MemoryRouter,
          { initialEntries: [`/admin/newsletter/issues/${ID}`] },
          h(Routes, null, h(Route, { path: "/admin/newsletter/issues/:id", element: h(ComposeIssueRoute) })),
        ),
      ),
    ),
  );
}

describe("sending an issue", () => {
  it("says 'Sent: 2 delivered, 0 failed.' when the job it started is already done at the first look", async () => {
    let issue: Issue = draft;
    fakeAdminApi.serve({
      "GET /api/admin/newsletter/issues/audience": { confirmed: 2 },
      [`GET /api/admin/newsletter/issues/${ID}`]: () => issue,
      [`POST /api/admin/newsletter/issues/${ID}/send`]: () => {
        issue = sent; // a small audience: done before the page asks
        return { jobId: JOB, issue: sent };
      },
      [`GET /api/admin/jobs/${JOB}`]: doneJob,
      "POST /api/admin/newsletter/issues/preview": { subject: draft.subject, html: "<p>x</p>", text: "x" },
    });
    renderIssue();
    fireEvent.click(await screen.findByRole("button", { name: "Send to 2 confirmed subscribers" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Send this issue?" })).getByRole("button", { name: "Send now" }));
    expect((await screen.findByText("Sent: 2 delivered, 0 failed.", {}, { timeout: 4000 })).textContent).toBe("Sent: 2 delivered, 0 failed.");
  });

  it("announces nothing when the page opens on an issue sent earlier", async () => {
    fakeAdminApi.serve({
      [`GET /api/admin/newsletter/issues/${ID}`]: sent,
      [`GET /api/admin/jobs/${JOB}`]: doneJob,
      "POST /api/admin/newsletter/issues/preview": { subject: draft.subject, html: "<p>x</p>", text: "x" },
    });
    renderIssue();
    await vi.waitFor(() => expect(fakeAdminApi.callsTo(`GET /api/admin/jobs/${JOB}`).length).toBeGreaterThan(0));
    expect(screen.queryByText(/^Sent: \d+ delivered/)).toBeNull();
  });
});
