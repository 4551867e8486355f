// @vitest-environment jsdom
/** Signing out forgets the admin data SWR cached, so the next person at the browser sees none of it. */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement as h } from "react";
import useSWR, { SWRConfig, useSWRConfig } from "swr";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installBrowserShims } from "./dom-setup";

const amplify = vi.hoisted(() => ({
  getCurrentUser: vi.fn(async () => ({ username: "u-1", signInDetails: { loginId: "ana@example.org" } })),
  fetchAuthSession: vi.fn(async () => ({ tokens: { accessToken: { payload: { "cognito:groups": ["admin"] }, toString: () => "token" } } })),
  signOut: vi.fn(async () => {}),
}));
const hub = vi.hoisted(() => ({ listeners: [] as ((data: { payload: { event: string } }) => void)[] }));
vi.mock("aws-amplify/auth", () => amplify);
vi.mock("aws-amplify/utils", () => ({
  Hub: {
    listen: (_channel: string, listener: (data: { payload: { event: string } }) => void) => {
      hub.listeners.push(listener);
      return () => hub.listeners.splice(hub.listeners.indexOf(listener), 1);
    },
  },
}));

const { AuthProvider, isAdminKey, useAuth } = await import("../src/admin/auth");

const AUDIT = "/api/admin/audit?limit=8";
const SIGNATURES = ["/api/admin/signatures", { page: 1, search: "maria" }] as const;
const CONFIG = "/api/config";

/** Shows cached data the way the dashboard would, and a Sign Out button. */
function Console() {
  const audit = useSWR(AUDIT, async () => "audit of the previous administrator");
  const rows = useSWR(SIGNATURES, async () => "signatures the previous administrator searched");
  const config = useSWR(CONFIG, async () => "public config");
  const { signOut } = useAuth();
  const { cache } = useSWRConfig();
  return h(
    "div",
    null,
    h("p", null, audit.data ?? "no audit"),
    h("p", null, rows.data ?? "no rows"),
    h("p", null, config.data ?? "no config"),
    h("p", { "data-testid": "cached" }, String([...cache.keys()].filter((k) => cache.get(k)?.data !== undefined).length)),
    h("button", { onClick: () => void signOut() }, "Sign Out"),
  );
}

function renderConsole() {
  render(h(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, h(AuthProvider, null, h(Console))));
}

beforeAll(installBrowserShims);
afterEach(cleanup);

describe("admin SWR cache on sign-out", () => {
  it("clears every admin key and keeps public ones", async () => {
    renderConsole();
    await screen.findByText("audit of the previous administrator");
    await screen.findByText("signatures the previous administrator searched");
    await screen.findByText("public config");

    fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));

    await screen.findByText("no audit");
    await screen.findByText("no rows");
    expect(screen.queryByText(/previous administrator/)).toBeNull();
    expect(screen.getByText("public config")).toBeTruthy();
    expect(screen.getByTestId("cached").textContent).toBe("1");
    expect(amplify.signOut).toHaveBeenCalledOnce();
  });

  it("clears them too when Amplify reports a sign-out from elsewhere (another tab, a failed refresh)", async () => {
    renderConsole();
    await screen.findByText("audit of the previous administrator");
    amplify.getCurrentUser.mockRejectedValue(new Error("signed out"));
    act(() => {
      for (const listener of [...hub.listeners]) listener({ payload: { event: "signedOut" } });
    });
    await waitFor(() => expect(screen.queryByText(/previous administrator/)).toBeNull());
    expect(screen.getByText("public config")).toBeTruthy();
  });

  it("recognises admin keys: admin URLs and [path, query] pairs", () => {
    expect(isAdminKey(AUDIT)).toBe(true);
    expect(isAdminKey(SIGNATURES)).toBe(true);
    expect(isAdminKey(CONFIG)).toBe(false);
    expect(isAdminKey(["/api/petitions/x"])).toBe(false);
    expect(isAdminKey(null)).toBe(false);
  });
});
