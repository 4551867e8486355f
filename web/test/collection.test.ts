// @vitest-environment jsdom
/** The console's generic collection screen: state → query, the export loop, delete-all chunks. */
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { createElement as h, type ReactNode } from "react";
import { SWRConfig } from "swr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installBrowserShims } from "./dom-setup";

const api = vi.hoisted(() => ({
  calls: [] as { url: string; body?: unknown }[],
  answer: (_url: string, _body?: unknown): unknown => ({ items: [], total: 0, page: 1, pageSize: 10 }),
}));
vi.mock("../src/admin/adminApi", () => ({
  adminRequest: vi.fn(async (url: string, options: { body?: unknown } = {}) => {
    api.calls.push({ url, body: options.body });
    return api.answer(url, options.body);
  }),
}));

const { exportStep, useCollection, useCollectionExport, useDeleteAll } = await import("../src/admin/collection");

const SORTS = [
  { value: "newest", label: "Newest", api: "createdAt" },
  { value: "name", label: "Name", api: "scammerName" },
];
const wrapper = ({ children }: { children: ReactNode }) => h(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, children);
const lastList = () => api.calls.filter((c) => c.url.startsWith("/api/admin/things?")).at(-1)?.url;

beforeAll(installBrowserShims);
beforeEach(() => {
  api.calls.length = 0;
});
afterEach(cleanup);

describe("useCollection", () => {
  it("puts fixed fields, filters, search, sort and order in the list query, and goes back to page 1 on any change", async () => {
    api.answer = () => ({ items: [{ id: "a" }], total: 40, page: 1, pageSize: 10 });
    const { result } = renderHook(
      () =>
        useCollection<{ id: string }, { moneyLost: string; from: string }>({
          path: "/api/admin/things",
          sorts: SORTS,
          pageSize: 10,
          filters: { moneyLost: "", from: "" },
          fixed: { desk: "east" },
          fallbackMessage: "Failed",
        }),
      { wrapper },
    );
    await waitFor(() => expect(lastList()).toBe("/api/admin/things?desk=east&order=desc&page=1&pageSize=10&sort=createdAt"));
    await waitFor(() => expect(result.current.hasRows).toBe(true));

    act(() => result.current.setPage(3));
    await waitFor(() => expect(lastList()).toContain("page=3"));
    act(() => result.current.setFilter("moneyLost", "yes"));
    expect(result.current.page).toBe(1);
    await waitFor(() => expect(lastList()).toBe("/api/admin/things?desk=east&moneyLost=yes&order=desc&page=1&pageSize=10&sort=createdAt"));

    act(() => {
      result.current.setSort("name");
      result.current.setOrder("asc");
      result.current.setPageSize(25);
      result.current.setSearch("  acme ");
    });
    await waitFor(() => expect(lastList()).toBe("/api/admin/things?desk=east&moneyLost=yes&order=asc&page=1&pageSize=25&search=acme&sort=scammerName"));
    expect(result.current.query).toEqual({ desk: "east", moneyLost: "yes", from: "", search: "acme", sort: "scammerName", order: "asc" });
  });
});

describe("exporting every matching row", () => {
  it("asks for the page after the rows collected, continues the operation, and stops after a short page", async () => {
    const pages = [
      { operationId: "op1", items: [1, 2], total: 5 },
      { operationId: "op1", items: [3, 4], total: 5 },
      { operationId: "op1", items: [5], total: 5 },
    ];
    const asked: [number, string | undefined][] = [];
    const sink: number[] = [];
    const step = exportStep<number>(async (page, operationId) => {
      asked.push([page, operationId]);
      return pages[page - 1]!;
    }, sink, 2);
    let state = { operationId: undefined as string | undefined, progress: { completed: 0, total: null as number | null } };
    const done: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await step(state);
      state = { operationId: r.operationId, progress: r.progress };
      done.push(r.done);
      if (r.done) break;
    }
    expect(asked).toEqual([[1, undefined], [2, "op1"], [3, "op1"]]);
    expect(done).toEqual([false, false, true]);
    expect(sink).toEqual([1, 2, 3, 4, 5]);
    expect(state.progress).toEqual({ completed: 5, total: 5 });
  });

  it("useCollectionExport sends the list's query with export pages and answers the rows", async () => {
    api.answer = (url) => {
      const page = Number(new URL(url, "http://x").searchParams.get("page"));
      return { operationId: "op9", items: page === 1 ? ["a", "b"] : ["c"], total: 3 };
    };
    const { result } = renderHook(() => useCollectionExport<string>("/api/admin/things/export", { status: "new", search: "" }, { fallbackMessage: "Failed", pageSize: 2 }), { wrapper });
    let rows: string[] | null = null;
    await act(async () => {
      rows = await result.current.exportAll();
    });
    expect(rows).toEqual(["a", "b", "c"]);
    expect(api.calls.map((c) => c.url)).toEqual([
      "/api/admin/things/export?page=1&pageSize=2&status=new",
      "/api/admin/things/export?operationId=op9&page=2&pageSize=2&status=new",
    ]);
    expect(result.current.error).toBeNull();
  });
});

describe("useDeleteAll", () => {
  it("posts the typed word and the scope, then continues the operation until done", async () => {
    const answers = [
      { operationId: "op2", deleted: 500, remaining: 100, done: false },
      { operationId: "op2", deleted: 100, remaining: 0, done: true },
    ];
    api.answer = () => answers[api.calls.length - 1];
    const { result } = renderHook(() => useDeleteAll("/api/admin/things/delete-all", { desk: "east", petitionId: undefined }, { fallbackMessage: "Failed" }), { wrapper });
    let ok = false;
    await act(async () => {
      ok = (await result.current.run("CONFIRM")).ok;
    });
    expect(ok).toBe(true);
    expect(api.calls.map((c) => c.body)).toEqual([
      { confirm: "CONFIRM", desk: "east" },
      { confirm: "CONFIRM", desk: "east", operationId: "op2" },
    ]);
    expect(result.current.progress).toEqual({ completed: 600, total: 600 });
  });
});
