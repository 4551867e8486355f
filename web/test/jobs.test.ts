// @vitest-environment jsdom
import { act, renderHook, waitFor } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useBackgroundJob } from "../src/admin/hooks/useBackgroundJob";
import { JOB_POLL_MS, isFinished, jobProgress, syncPhaseLabel, syncedMessage, type JobInfo } from "../src/admin/lib/jobs";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));

const job = (over: Partial<JobInfo>): JobInfo => ({
  id: "job1",
  kind: "sheets.signatures",
  actor: "admin@example.org",
  status: "queued",
  createdAt: "2025-03-05T02:15:09.000Z",
  progress: { phase: "queued", completed: 0, total: null },
  ...over,
});

describe("job helpers", () => {
  it("knows when a job is over and what to show meanwhile", () => {
    expect(isFinished(job({ status: "queued" }))).toBe(false);
    expect(isFinished(job({ status: "running" }))).toBe(false);
    expect(isFinished(job({ status: "done" }))).toBe(true);
    expect(isFinished(job({ status: "failed" }))).toBe(true);
    expect(isFinished(undefined)).toBe(false);
    expect(jobProgress(undefined)).toEqual({ completed: 0, total: null });
    expect(jobProgress(job({ progress: { phase: "writing", completed: 5000, total: 100000 } }))).toEqual({ completed: 5000, total: 100000 });
    expect(syncPhaseLabel("waiting")).toBe("Waiting for another sync to finish");
    expect(syncPhaseLabel("writing")).toBe("Writing signatures to the sheet");
    expect(syncPhaseLabel(undefined)).toBe("Sync queued");
    expect(syncPhaseLabel("reading", "scam reports")).toBe("Reading scam reports");
    expect(syncPhaseLabel("something new", "submissions")).toBe("Syncing submissions");
    expect(syncedMessage({ result: { rows: 100000, destination: "x" } })).toBe("Signatures synced successfully! 100,000 rows written.");
    expect(syncedMessage({ result: { rows: 1 } })).toBe("Signatures synced successfully! 1 row written.");
    expect(syncedMessage({})).toBe("Signatures synced successfully!");
  });
});

describe("useBackgroundJob", () => {
  let answers: { status: number; body: unknown }[];
  let calls: { method: string; url: string; contentType?: string; body?: string }[];

  beforeEach(() => {
    calls = [];
    answers = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ method: init.method ?? "GET", url, contentType: headers["Content-Type"], body: init.body as string | undefined });
      const answer = (init.method === "POST" ? answers.shift() : answers.length > 1 ? answers.shift() : answers[0]) ?? { status: 500, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const wrapper = ({ children }: { children: ReactNode }) => createElement(SWRConfig, { value: { provider: () => new Map() } }, children);
  const setup = () => {
    const onDone = vi.fn();
    const onFailed = vi.fn();
    const hook = renderHook(() => useBackgroundJob("/api/admin/sheets/signatures", { fallbackMessage: "Failed to sync signatures", onDone, onFailed }), {
      wrapper,
    });
    return { hook, onDone, onFailed };
  };
  const polls = () => calls.filter((c) => c.method === "GET").length;

  it("starts the job, shows its progress while it runs, reports done once and stops polling", async () => {
    answers = [
      { status: 202, body: { jobId: "job1" } },
      { status: 200, body: job({ status: "queued" }) },
      { status: 200, body: job({ status: "running", progress: { phase: "writing", completed: 5000, total: 10000 } }) },
      { status: 200, body: job({ status: "done", progress: { phase: "done", completed: 10000, total: 10000 }, result: { rows: 10000, destination: "d" } }) },
    ];
    const { hook, onDone, onFailed } = setup();
    expect(hook.result.current.running).toBe(false);
    await act(() => hook.result.current.start());
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/admin/sheets/signatures", contentType: "application/json", body: "{}" });
    expect(hook.result.current.running).toBe(true);

    await waitFor(() => expect(hook.result.current.percent).toBe(50), { timeout: 5 * JOB_POLL_MS });
    expect(hook.result.current.job?.progress.phase).toBe("writing");
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1), { timeout: 5 * JOB_POLL_MS });
    expect(onDone.mock.calls[0]![0]).toMatchObject({ status: "done", result: { rows: 10000 } });
    // the hook's own state follows in the render after the callback (a busy machine shows the gap)
    await waitFor(() => expect(hook.result.current.running).toBe(false));
    expect(calls.filter((c) => c.method === "GET").every((c) => c.url === "/api/admin/jobs/job1")).toBe(true);

    const after = polls();
    await new Promise((r) => setTimeout(r, 2.5 * JOB_POLL_MS));
    expect(polls()).toBe(after);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it("reports a failed job's reason", async () => {
    answers = [
      { status: 202, body: { jobId: "job1" } },
      { status: 200, body: job({ status: "failed", error: "Google Sheets answered 403: The caller does not have permission" }) },
    ];
    const { hook, onDone, onFailed } = setup();
    await act(() => hook.result.current.start());
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith("Google Sheets answered 403: The caller does not have permission"), { timeout: 3 * JOB_POLL_MS });
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    await waitFor(() => expect(hook.result.current.running).toBe(false));
  });

  it("reports a refused start with the API's message, and polls nothing", async () => {
    answers = [{ status: 403, body: { error: "Access denied. Please verify you have admin privileges." } }];
    const { hook, onFailed } = setup();
    await act(() => hook.result.current.start());
    expect(onFailed).toHaveBeenCalledWith("Access denied. Please verify you have admin privileges.");
    expect(hook.result.current.running).toBe(false);
    expect(polls()).toBe(0);
  });

  it("gives up following a job the server no longer knows", async () => {
    answers = [
      { status: 202, body: { jobId: "job1" } },
      { status: 404, body: { error: "Job not found" } },
    ];
    const { hook, onFailed } = setup();
    await act(() => hook.result.current.start());
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith("Job not found"), { timeout: 3 * JOB_POLL_MS });
    await waitFor(() => expect(hook.result.current.running).toBe(false));
  });
});
