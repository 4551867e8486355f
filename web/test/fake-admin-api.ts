/**
 * The fake admin API shared by the console's page tests (jsdom component tests of web/src/admin/pages).
 *
 * WHAT IT FAKES: `adminRequest` of web/src/admin/adminApi.ts, the one function the console's pages
 * and hooks call the server through. The module's other exports (the types)
 * stay the real ones. Nothing reaches `fetch`, and no access token is asked for.
 *
 * WIRING: `vi.mock` has to be written in the test file itself (Vitest hoists it there, above the
 * imports), so each test file has this line, then imports the pages under test with `await import`:
 *
 *   vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
 *   import { fakeAdminApi } from "./fake-admin-api";
 *   beforeEach(() => fakeAdminApi.reset());
 *
 * (The test file and the mock factory import this module once between them, so they share
 * `fakeAdminApi`.)
 *
 * ROUTES: `fakeAdminApi.serve(routes)` says what the server answers, until the next `serve`:
 *
 *   fakeAdminApi.serve({
 *     "GET /api/admin/leads/checklist/export": { operationId: "op1", items: rows, total: 2, page: 1, pageSize: 1000 },
 *     "GET /api/admin/leads/checklist/*": (call) => detailsOf(pathOf(call.url)),
 *     "* /api/admin/jobs/job1": () => job, // read on every call: later changes to `job` are seen
 *   });
 *
 * - A route is "<METHOD> <path>": METHOD is an HTTP method, or `*` for any.
 * - The path is compared with the request's pathname, whole; the query string is ignored (read it
 *   with `queryOf(call.url)`). In the path, `*` stands for one path segment (anything but `/`).
 * - Routes are tried in the order written; the first that matches answers.
 * - An answer is the value to resolve with, or a function of the call returning that value.
 * - `serve(fn)` instead: `fn(call)` answers every call (e.g. `serve(() => new Error(""))`).
 *
 * ERRORS: an answer that is an Error (e.g. `new ApiError(500, "Internal server error")`) is thrown:
 * `adminRequest` rejects with it, as the real one rejects with an ApiError on a non-2xx answer. A
 * call no route matches rejects with Error("unexpected <METHOD> <url>"), so a page asking for
 * something the test did not serve takes its error path (and the test sees it fail).
 *
 * CALLS: every call is recorded in `fakeAdminApi.calls`, in order, before it is answered (failed
 * ones too), as `{ method, url, body }`: the URL as the page passed it (query included), the method
 * as the real `request` sends it (GET, or POST when there is a body and no method), the body as given.
 * `callsTo(route)` picks those a route of the same form would match.
 */
import { vi } from "vitest";
import type * as AdminApi from "../src/admin/adminApi";
import type { RequestOptions } from "../src/lib/api";

/** One request the page made through `adminRequest`. */
export type AdminCall = { method: string; url: string; body?: unknown };

/** "<METHOD> <path>" → the answer, or a function of the call giving it (see the module's comment). */
export type AdminRoutes = Record<string, unknown>;

/** The path of a URL the page requested, without its query string. */
export const pathOf = (url: string): string => new URL(url, "http://x").pathname;

/** The query string of a URL the page requested, as an object. */
export const queryOf = (url: string): Record<string, string> => Object.fromEntries(new URL(url, "http://x").searchParams);

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** "<METHOD> <path>" as a test of a call. */
function routeMatcher(route: string): (call: AdminCall) => boolean {
  const parts = /^(\*|[A-Z]+) (\/\S*)$/.exec(route);
  if (!parts) throw new Error(`a route is "<METHOD> <path>" (METHOD may be *), not "${route}"`);
  const [, method, path] = parts as unknown as [string, string, string];
  const pattern = new RegExp(`^${path.split("*").map(escapeRegExp).join("[^/]+")}$`);
  return (call) => (method === "*" || call.method === method) && pattern.test(pathOf(call.url));
}

const unexpected = (call: AdminCall) => new Error(`unexpected ${call.method} ${call.url}`);

function answererOf(routes: AdminRoutes): (call: AdminCall) => unknown {
  const table = Object.entries(routes).map(([route, answer]) => ({ matches: routeMatcher(route), answer }));
  return (call) => {
    const route = table.find((r) => r.matches(call));
    if (!route) return unexpected(call);
    return typeof route.answer === "function" ? (route.answer as (call: AdminCall) => unknown)(call) : route.answer;
  };
}

let answer: (call: AdminCall) => unknown = unexpected;

export const fakeAdminApi = {
  /** Every call made since the last `reset`, in order. */
  calls: [] as AdminCall[],

  /** What the server answers from now on: a route table, or one function for every call. */
  serve(routes: AdminRoutes | ((call: AdminCall) => unknown)): void {
    answer = typeof routes === "function" ? routes : answererOf(routes);
  },

  /** The recorded calls a route ("<METHOD> <path>", as in `serve`) matches. */
  callsTo(route: string): AdminCall[] {
    const matches = routeMatcher(route);
    return fakeAdminApi.calls.filter(matches);
  },

  /** Forgets the calls, and serves nothing: every call rejects as unexpected. */
  reset(): void {
    fakeAdminApi.calls.length = 0;
    answer = unexpected;
  },

  /** The stand-in for `adminRequest`. */
  request: vi.fn(async (url: string, options: Omit<RequestOptions, "token"> = {}): Promise<unknown> => {
    const call: AdminCall = { method: options.method ?? (options.body === undefined ? "GET" : "POST"), url, body: options.body };
    fakeAdminApi.calls.push(call);
    const answered = answer(call);
    if (answered instanceof Error) throw answered;
    return answered;
  }),
};

/** The factory for `vi.mock("../src/admin/adminApi", …)`: the real module with `adminRequest` faked. */
export async function fakeAdminApiModule(importOriginal: () => Promise<typeof AdminApi>): Promise<typeof AdminApi> {
  return { ...(await importOriginal()), adminRequest: fakeAdminApi.request as typeof AdminApi.adminRequest };
}
