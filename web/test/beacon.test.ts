// @vitest-environment jsdom
/** The analytics beacon: page views on public route changes, named events, and nothing else. */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createElement as h } from "react";
import { MemoryRouter, useNavigate, type NavigateFunction } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installBrowserShims } from "./dom-setup";

type Beacon = typeof import("../src/lib/beacon");
type Body = { t: string; n?: string; p: string; r?: string };

/** navigator.sendBeacon, recording what it is given. */
const sent: { url: string; data: unknown }[] = [];
const fakeSendBeacon = vi.fn((url: string, data?: unknown) => {
  sent.push({ url, data });
  return true;
});
const bodies = () => sent.map((s) => JSON.parse(String(s.data)) as Body);

/** requestIdleCallback, holding its tasks until the test lets the browser go idle. */
let idleTasks: (() => void)[] = [];
const goIdle = () =>
  act(() => {
    const tasks = idleTasks;
    idleTasks = [];
    for (const task of tasks) task();
  });

function setSendBeacon(value: unknown) {
  Object.defineProperty(window.navigator, "sendBeacon", { value, configurable: true, writable: true });
}

/** A fresh beacon module: its memory of the last page view and of the referrer starts empty. */
async function freshBeacon(): Promise<Beacon> {
  vi.resetModules();
  return import("../src/lib/beacon");
}

beforeAll(() => {
  installBrowserShims();
  window.scrollTo = () => {};
});
beforeEach(() => {
  sent.length = 0;
  fakeSendBeacon.mockClear();
  idleTasks = [];
  setSendBeacon(fakeSendBeacon);
  vi.stubGlobal("requestIdleCallback", (task: () => void) => {
    idleTasks.push(task);
    return idleTasks.length;
  });
  // The pages' own API calls (config, counts) find no server here.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 404 })),
  );
  window.history.replaceState(null, "", "/");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("page views", () => {
  it("sends one after the page rendered (when the browser is idle), with the path, the query and the landing referrer", async () => {
    const beacon = await freshBeacon();
    Object.defineProperty(document, "referrer", { value: "https://news.example.org/story?id=7", configurable: true });
    beacon.trackPageView("/petition?utm_source=mail");
    expect(sent).toEqual([]); // nothing while the page is being set up
    await goIdle();
    expect(sent.map((s) => s.url)).toEqual(["/api/events"]);
    expect(typeof sent[0]!.data).toBe("string"); // text/plain: no preflight
    expect(bodies()).toEqual([{ t: "pageview", p: "/petition?utm_source=mail", r: "https://news.example.org/story?id=7" }]);

    // The referrer is the landing page's only; the same page twice in a row is one view.
    beacon.trackPageView("/consumer-rights");
    beacon.trackPageView("/consumer-rights");
    await goIdle();
    expect(bodies().slice(1)).toEqual([{ t: "pageview", p: "/consumer-rights" }]);
    Object.defineProperty(document, "referrer", { value: "", configurable: true });
  });

  it("keeps path and referrer within 512 characters, and never counts an admin path", async () => {
    const beacon = await freshBeacon();
    beacon.trackPageView(`/petition?q=${"x".repeat(600)}`);
    beacon.trackPageView("/admin/analytics");
    beacon.trackPageView("/admin");
    beacon.trackPageView("/admin?x=1");
    beacon.trackPageView("/administrators-guide");
    await goIdle();
    expect(bodies().map((b) => b.p.length)).toEqual([512, "/administrators-guide".length]);
  });

  it("the app sends one on every public route change, none on /admin", async () => {
    const { App } = await import("../src/App");
    const { Providers } = await import("../src/Providers");
    const { preloadAllPages } = await import("../src/pages");
    await preloadAllPages();
    let navigate!: NavigateFunction;
    const Navigator = () => {
      navigate = useNavigate();
      return null;
    };
    render(h(Providers, null, h(MemoryRouter, { initialEntries: ["/"] }, h(App), h(Navigator))));
    await goIdle();
    for (const path of ["/petition", "/consumer-rights?utm_source=newsletter", "/timeshare-scam#where-else", "/admin/login", "/donate"]) {
      await act(async () => navigate(path));
      await goIdle();
    }
    expect(
      bodies()
        .filter((b) => b.t === "pageview")
        .map((b) => b.p),
    ).toEqual(["/", "/petition", "/consumer-rights?utm_source=newsletter", "/timeshare-scam", "/donate"]);
    // importing and transforming every page takes seconds on a busy 2-core machine: not the beacon's time
  }, 30_000);
});

describe("named events", () => {
  it("trackEvent sends the event with the current page, and still feeds a tag manager's dataLayer", async () => {
    await freshBeacon();
    const { trackEvent } = await import("../src/lib/analytics");
    window.history.replaceState(null, "", "/petition?utm_campaign=spring");
    window.dataLayer = [];
    trackEvent("sign_petition_main", { petitionId: "timeshare-reform" });
    trackEvent("guide_requested");
    // the beacon's chunk arrives after the call; what it sends was read at the call
    window.history.replaceState(null, "", "/sign/timeshare-reform");
    await waitFor(() => expect(bodies()).toHaveLength(2));
    expect(bodies()).toEqual([
      { t: "event", n: "sign_petition_main", p: "/petition?utm_campaign=spring" },
      { t: "event", n: "guide_requested", p: "/petition?utm_campaign=spring" },
    ]);
    expect(window.dataLayer).toEqual([{ event: "sign_petition_main", petitionId: "timeshare-reform" }, { event: "guide_requested" }]);
    delete window.dataLayer;
  });

  it("the petition page's main button sends sign_petition_main", async () => {
    const { renderRoute } = await import("./render-route");
    window.history.replaceState(null, "", "/petition");
    renderRoute("/petition");
    fireEvent.click(screen.getByRole("link", { name: "Sign the Petition Now" }));
    await waitFor(() => expect(bodies().filter((b) => b.t === "event")).toEqual([{ t: "event", n: "sign_petition_main", p: "/petition" }]), {
      timeout: 10_000,
    });
    // the first render imports the petition page and the beacon's chunk: seconds on a busy machine
  }, 30_000);

  it("the report wizard sends report_started on its first touch, once", async () => {
    const { renderRoute } = await import("./render-route");
    window.history.replaceState(null, "", "/report-scam");
    const { container } = renderRoute("/report-scam");
    const form = container.querySelector("main form")!;
    const fields = [...form.querySelectorAll<HTMLInputElement>("input:not([type=hidden])")];
    expect(fields.length).toBeGreaterThan(1);
    await waitFor(() => expect(fields[0]!.disabled).toBe(false)); // the prerendered form is disabled until the app runs
    expect(bodies().filter((b) => b.t === "event")).toEqual([]); // showing the form is not starting it
    act(() => fields[0]!.focus());
    act(() => fields[1]!.focus());
    await waitFor(() => expect(bodies().filter((b) => b.t === "event")).toEqual([{ t: "event", n: "report_started", p: "/report-scam" }]));
  });

  it("a guide form sends guide_requested once the request is accepted, not when it fails", async () => {
    const { LEAD_FORM_INFO } = await import("@site/core/lead/forms");
    const { renderRoute } = await import("./render-route");
    const info = LEAD_FORM_INFO.checklist;
    let accept = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.startsWith("/api/leads/"))
          // (a refusal: a 5xx would be sent again first, lib/sendOnce.ts)
          return new Response(JSON.stringify(accept ? { id: "lead-1" } : { error: "Too many requests" }), { status: accept ? 201 : 429 });
        return new Response("{}", { status: 404 });
      }),
    );
    window.history.replaceState(null, "", info.path);
    const { container } = renderRoute(info.path);
    const form = within(container.querySelector("main")!).getAllByRole("form")[0]!;
    const name = within(form).getByLabelText(/^Full Name/) as HTMLInputElement;
    await waitFor(() => expect(name.disabled).toBe(false));
    fireEvent.change(name, { target: { value: "Maria Gonzalez" } });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: "maria@example.com" } });
    const submit = within(form).getByRole("button", { name: /^Send Me/ });
    fireEvent.click(submit);
    await within(form).findByRole("alert");
    expect(bodies().filter((b) => b.t === "event")).toEqual([]);
    accept = true;
    fireEvent.click(submit);
    await within(form).findByRole("status");
    expect(bodies().filter((b) => b.t === "event")).toEqual([{ t: "event", n: "guide_requested", p: info.path }]);
  });

  it("no event is sent from an admin page", async () => {
    const beacon = await freshBeacon();
    window.history.replaceState(null, "", "/admin/dashboard");
    beacon.sendEvent("signature");
    expect(sent).toEqual([]);
  });
});

describe("never in the way", () => {
  it("never throws when sendBeacon is missing (falls back to a cookieless fetch) or throws", async () => {
    const beacon = await freshBeacon();
    const fetchMock = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    vi.stubGlobal("fetch", fetchMock);
    setSendBeacon(undefined);
    expect(() => beacon.sendEvent("report_started")).not.toThrow();
    expect(fetchMock).toHaveBeenCalledWith("/api/events", expect.objectContaining({ method: "POST", keepalive: true, credentials: "omit" }));
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ t: "event", n: "report_started", p: "/" });

    setSendBeacon(() => {
      throw new TypeError("Illegal invocation");
    });
    expect(() => beacon.sendEvent("report_submitted")).not.toThrow();
    expect(() => beacon.trackPageView("/petition")).not.toThrow();
    await goIdle();

    // …nor where there is no requestIdleCallback (Safari): a timer stands in.
    vi.useFakeTimers();
    try {
      vi.stubGlobal("requestIdleCallback", undefined);
      setSendBeacon(fakeSendBeacon);
      beacon.trackPageView("/donate");
      expect(sent).toEqual([]);
      vi.runAllTimers();
      expect(bodies()).toEqual([{ t: "pageview", p: "/donate" }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads and writes no cookie and no storage", async () => {
    const beacon = await freshBeacon();
    const touched: string[] = [];
    Object.defineProperty(document, "cookie", {
      configurable: true,
      get: () => (touched.push("cookie read"), ""),
      set: () => touched.push("cookie written"),
    });
    const storageSpies = (["getItem", "setItem", "removeItem", "clear", "key"] as const).map((method) =>
      vi.spyOn(Storage.prototype, method).mockImplementation(() => {
        touched.push(`storage.${method}`);
        return null as never;
      }),
    );
    const storageGetters = (["localStorage", "sessionStorage"] as const).map((name) => {
      const own = Object.getOwnPropertyDescriptor(window, name);
      const storage = window[name];
      Object.defineProperty(window, name, { configurable: true, get: () => (touched.push(name), storage) });
      return () => (own ? Object.defineProperty(window, name, own) : Reflect.deleteProperty(window, name));
    });
    try {
      beacon.trackPageView("/where-scams-thrive");
      await goIdle();
      beacon.sendEvent("guide_requested");
      expect(bodies().map((b) => b.t)).toEqual(["pageview", "event"]);
      expect(touched).toEqual([]);
    } finally {
      Reflect.deleteProperty(document, "cookie"); // back to Document.prototype's
      for (const spy of storageSpies) spy.mockRestore();
      for (const restore of storageGetters) restore();
    }
  });

  it("does nothing while a speculatively prerendered page is not shown", async () => {
    const beacon = await freshBeacon();
    Object.defineProperty(document, "prerendering", { value: true, configurable: true });
    beacon.trackPageView("/petition");
    await goIdle();
    expect(sent).toEqual([]);
    Object.defineProperty(document, "prerendering", { value: false, configurable: true });
    document.dispatchEvent(new Event("prerenderingchange"));
    await goIdle();
    expect(bodies()).toEqual([{ t: "pageview", p: "/petition" }]);
    Reflect.deleteProperty(document, "prerendering");
  });
});
