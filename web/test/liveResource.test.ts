// @vitest-environment jsdom
/** The public pages' live values: shared per key, polled, paused while hidden, stopped by a final error. */
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEDUPE_MS, resetLive, setLive, useLive } from "../src/lib/liveResource";

let hidden = false;
Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
const setHidden = (value: boolean) => {
  hidden = value;
  document.dispatchEvent(new Event("visibilitychange"));
};

beforeEach(() => {
  vi.useFakeTimers();
  resetLive();
  hidden = false;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const every = (ms: number) => () => ms;
/** Lets the timers run `ms` and the promises they started settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("useLive", () => {
  it("shows the served copy at once and fetches nothing until its first poll", async () => {
    const load = vi.fn(async () => ({ count: 2 }));
    const { result } = renderHook(() => useLive("/count", load, { fallbackData: { count: 1 }, refreshInterval: every(10_000) }));
    expect(result.current.data).toEqual({ count: 1 });
    await advance(9_000);
    expect(load).not.toHaveBeenCalled();
    await advance(1_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(result.current.data).toEqual({ count: 2 });
  });

  it("fetches at once without a served copy, and polls at the interval the latest value gives", async () => {
    let n = 0;
    const load = vi.fn(async () => ({ count: ++n }));
    const interval = vi.fn((latest?: { count: number }) => (latest && latest.count > 1 ? 60_000 : 10_000));
    const { result } = renderHook(() => useLive("/count", load, { refreshInterval: interval }));
    expect(result.current.isLoading).toBe(true);
    await advance(0);
    expect(result.current).toMatchObject({ data: { count: 1 }, isLoading: false });
    await advance(10_000);
    expect(result.current.data).toEqual({ count: 2 });
    await advance(10_000);
    expect(load).toHaveBeenCalledTimes(2); // now once a minute
    await advance(50_000);
    expect(result.current.data).toEqual({ count: 3 });
  });

  it("two components showing one key share its value and one request", async () => {
    const load = vi.fn(async () => "fresh");
    const a = renderHook(() => useLive("/p", load, { refreshInterval: every(10_000) }));
    const b = renderHook(() => useLive("/p", load, { refreshInterval: every(10_000) }));
    await advance(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect([a.result.current.data, b.result.current.data]).toEqual(["fresh", "fresh"]);
    act(() => setLive<string>("/p", (current) => `${current}, then set`));
    expect([a.result.current.data, b.result.current.data]).toEqual(["fresh, then set", "fresh, then set"]);
  });

  it("does not poll while the tab is hidden, and refreshes when it comes back", async () => {
    const load = vi.fn(async () => "v");
    renderHook(() => useLive("/p", load, { fallbackData: "served", refreshInterval: every(10_000) }));
    setHidden(true);
    await advance(60_000);
    expect(load).not.toHaveBeenCalled();
    await act(async () => setHidden(false));
    await advance(0);
    expect(load).toHaveBeenCalledTimes(1);
    await advance(10_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("answers a second refresh within the dedupe window from the cache", async () => {
    const load = vi.fn(async () => "v");
    renderHook(() => useLive("/p", load, { refreshInterval: every(60_000) }));
    await advance(0);
    window.dispatchEvent(new Event("focus"));
    await advance(0);
    expect(load).toHaveBeenCalledTimes(1);
    await advance(DEDUPE_MS);
    window.dispatchEvent(new Event("focus"));
    await advance(0);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps the last value on an error, reports it, and stops polling when told the error is final", async () => {
    const gone = Object.assign(new Error("Petition not found"), { status: 404 });
    const load = vi.fn(async () => {
      throw gone;
    });
    const onError = vi.fn();
    const { result } = renderHook(() =>
      useLive("/p", load, {
        fallbackData: "served",
        refreshInterval: every(10_000),
        onError,
        shouldRetryOnError: (e) => (e as { status: number }).status !== 404,
      }),
    );
    await advance(10_000);
    expect(result.current).toMatchObject({ data: "served", error: gone });
    expect(onError).toHaveBeenCalledWith(gone);
    await advance(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a null key shows nothing and fetches nothing", async () => {
    const load = vi.fn(async () => "v");
    const { result } = renderHook(() => useLive(null, load, { refreshInterval: every(10_000) }));
    await advance(30_000);
    expect(load).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ data: undefined, isLoading: false });
  });
});
