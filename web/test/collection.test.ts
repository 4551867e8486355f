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

const saved = vi.hoisted(() => [] as { url: string; fileName: string }[]);
vi.mock("../src/lib/download", () => ({ downloadFrom: (url: string, fileName: string) => void saved.push({ url, fileName }) }));

const { useCollection, useCollectionExport, useDeleteAll, useDeleteOne } = await import("../src/admin/collection");

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

describe("exporting every matching row as a job", () => {
  it("useCollectionExport starts a job with the list's query, follows it, then downloads its file through the link", async () => {
    const job = { id: "j1", kind: "export.signatures", status: "running", progress: { phase: "writing", completed: 1, total: 3 } };
    api.answer = (url) => {
      if (url === "/api/admin/exports") return { jobId: "j1" };
      if (url === "/api/admin/jobs/j1/download") return { url: "https://bucket.example/exports/j1/file.csv?sig", fileName: "file.csv" };
      if (url === "/api/admin/jobs/j1") return { ...job };
      throw new Error(`unexpected ${url}`);
    };
    const { result } = renderHook(
      () => useCollectionExport("signatures", { status: "new", search: "", moneyLost: null, pageSize: 50 }, { fallbackMessage: "Failed" }),
      {
        wrapper,
      },
    );
    await act(async () => {
      await result.current.start("file.csv");
    });
    expect(api.calls[0]).toEqual({ url: "/api/admin/exports", body: { kind: "signatures", query: { status: "new", pageSize: "50" }, fileName: "file.csv" } });
    await waitFor(() => expect(result.current.progress).toEqual({ completed: 1, total: 3 }));
    expect(result.current.running).toBe(true);
    expect(saved).toEqual([]);
    job.status = "done";
    await waitFor(() => expect(saved).toEqual([{ url: "https://bucket.example/exports/j1/file.csv?sig", fileName: "file.csv" }]), { timeout: 5000 });
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.error).toBeNull();
  }, 10_000);

  it("useCollectionExport tells a failed job's reason", async () => {
    api.answer = (url) =>
      url === "/api/admin/exports"
        ? { jobId: "j2" }
        : { id: "j2", kind: "export.leads", status: "failed", error: "The disk is full", progress: { phase: "writing", completed: 0, total: null } };
    const { result } = renderHook(() => useCollectionExport("leads", { form: "checklist" }, { fallbackMessage: "Failed" }), { wrapper });
    await act(async () => {
      await result.current.start("leads.csv");
    });
    await waitFor(() => expect(result.current.error).toBe("The disk is full"), { timeout: 5000 });
    expect(result.current.running).toBe(false);
  });
});

/** A collection's list and page as the delete hooks see them: what they did to them is recorded. */
function fakeCollection(items: { id: string }[]) {
  const state = { page: { items, total: items.length, page: 3, pageSize: 10 }, setPageTo: 3 };
  return {
    state,
    setPage: (page: number) => void (state.setPageTo = page),
    list: { update: (change: (p: typeof state.page) => typeof state.page) => void (state.page = change(state.page)) },
  };
}

describe("useDeleteAll", () => {
  it("posts the typed word and the scope, continues the operation until done, then closes and empties the list", async () => {
    const answers = [
      { operationId: "op2", deleted: 500, remaining: 100, done: false },
      { operationId: "op2", deleted: 100, remaining: 0, done: true },
    ];
    api.answer = () => answers[api.calls.length - 1];
    const collection = fakeCollection([{ id: "a" }, { id: "b" }]);
    const outcome: string[] = [];
    const { result } = renderHook(
      () =>
        useDeleteAll(
          "/api/admin/things/delete-all",
          { desk: "east", petitionId: undefined },
          {
            collection,
            fallbackMessage: "Failed",
            onDone: () => outcome.push("done"),
            onFailed: (m) => outcome.push(`failed: ${m}`),
          },
        ),
      { wrapper },
    );
    act(() => result.current.open());
    expect(result.current.opened).toBe(true);
    await act(async () => {
      await result.current.confirm("CONFIRM");
    });
    expect(api.calls.map((c) => c.body)).toEqual([
      { confirm: "CONFIRM", desk: "east" },
      { confirm: "CONFIRM", desk: "east", operationId: "op2" },
    ]);
    expect(outcome).toEqual(["done"]);
    expect(result.current.opened).toBe(false);
    expect(collection.state).toMatchObject({ setPageTo: 1, page: { items: [], total: 0 } });
  });

  it("keeps the rows and reports the API's message when a chunk fails", async () => {
    api.answer = () => {
      throw new Error("Type CONFIRM to delete everything");
    };
    const collection = fakeCollection([{ id: "a" }]);
    const outcome: string[] = [];
    const { result } = renderHook(
      () => useDeleteAll("/api/admin/things/delete-all", {}, { collection, fallbackMessage: "Failed", onFailed: (m) => outcome.push(m) }),
      { wrapper },
    );
    await act(async () => {
      await result.current.confirm("confirm");
    });
    expect(outcome).toEqual(["Type CONFIRM to delete everything"]);
    expect(collection.state).toMatchObject({ setPageTo: 3, page: { items: [{ id: "a" }], total: 1 } });
  });
});

describe("useDeleteOne", () => {
  it("deletes the asked row, takes it off the page and the total, and closes", async () => {
    api.answer = () => ({});
    const collection = fakeCollection([{ id: "a" }, { id: "b" }]);
    const done: string[] = [];
    const { result } = renderHook(
      () =>
        useDeleteOne(collection.list, (row: { id: string }) => `/api/admin/things/${row.id}`, {
          fallbackMessage: "Failed",
          onDone: (row) => done.push(row.id),
          onFailed: (m) => done.push(m),
        }),
      { wrapper },
    );
    act(() => result.current.ask({ id: "b" }));
    expect(result.current.target).toEqual({ id: "b" });
    await act(async () => {
      await result.current.confirm();
    });
    expect(api.calls).toEqual([{ url: "/api/admin/things/b", body: undefined }]);
    expect(done).toEqual(["b"]);
    expect(collection.state.page).toMatchObject({ items: [{ id: "a" }], total: 1 });
    expect(result.current.target).toBeNull();
  });

  it("keeps the row and reports the failure", async () => {
    api.answer = () => {
      throw new Error("");
    };
    const collection = fakeCollection([{ id: "a" }]);
    const done: string[] = [];
    const { result } = renderHook(
      () =>
        useDeleteOne(collection.list, (row: { id: string }) => `/api/admin/things/${row.id}`, {
          fallbackMessage: "Failed to delete",
          onFailed: (m) => done.push(m),
        }),
      { wrapper },
    );
    act(() => result.current.ask({ id: "a" }));
    await act(async () => {
      await result.current.confirm();
    });
    expect(done).toEqual(["Failed to delete"]);
    expect(collection.state.page.items).toEqual([{ id: "a" }]);
  });
});
