// @vitest-environment jsdom
/**
 * The public forms that mail a link or store a record retry a 5xx with one idempotency key
 * (lib/sendOnce.ts; docs/architecture.md "Faults"): the report-status request and a company's
 * correction request, beside the forms other files test (sign, report, guides, deletion, erasure).
 */
import { cleanup, fireEvent, render } from "@testing-library/react";
import { createElement as h } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUEST } from "../../src/content/report-status";
import { CORRECTION } from "../../src/content/scam-alerts";
import { CorrectionForm } from "../../src/pages/scamAlerts/CorrectionForm";
import { Providers } from "../../src/Providers";
import { installBrowserShims } from "../dom-setup";
import { renderRoute } from "../render-route";
import { callsTo, json, retriesPass, stubRoutes, useFakeWaits } from "../stub-api";

/** The API: `path` answers 503 `busyTimes` times, then `ok`; the runtime config runs no captcha. */
const stubApi = (path: string, busyTimes: number, ok: () => Response) =>
  stubRoutes({ [path]: (_, calls) => (callsTo(calls, path) <= busyTimes ? json(503, { error: "We are very busy right now." }) : ok()) });

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("forms sent again after a 503, with one idempotency key", () => {
  it("the report-status request: two 503s, then the link is asked for once more with the same key and the page says so", async () => {
    useFakeWaits();
    const calls = stubApi("/api/report-status/link", 2, () => json(202, { status: "sent" }));
    const page = renderRoute("/report-status");
    type(page.getByLabelText(REQUEST.reference, { exact: false }), "TSR-7K3M-9QX2");
    type(page.getByLabelText(REQUEST.email, { exact: false }), "ana@example.com");
    fireEvent.click(page.getByRole("button", { name: REQUEST.submit }));
    await retriesPass(2);
    expect((await page.findByRole("status", {}, { timeout: 5000 })).textContent).toContain(REQUEST.successTitle);
    const sent = calls.filter((c) => c.url === "/api/report-status/link");
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((c) => c.key)).size).toBe(1);
    expect(sent[0].key).toMatch(/^[0-9a-f]{32}$/);
  });

  it("a company's correction request: a 503, then sent again with the same key and received", async () => {
    useFakeWaits();
    installBrowserShims();
    const path = "/api/public/scam-alerts/exit-pros-llc/corrections";
    const calls = stubApi(path, 1, () => json(201, { id: "c1" }));
    const form = render(h(Providers, null, h(CorrectionForm, { slug: "exit-pros-llc", company: "Exit Pros LLC" })));
    type(form.getByLabelText(CORRECTION.company, { exact: false }), "Exit Pros LLC");
    type(form.getByLabelText(CORRECTION.fullName, { exact: false }), "Lee Counsel");
    type(form.getByLabelText(CORRECTION.email, { exact: false }), "legal@exitpros.example");
    type(form.getByLabelText(CORRECTION.message, { exact: false }), "We are a different company with a similar name.");
    fireEvent.click(form.getByRole("button", { name: CORRECTION.submit }));
    await retriesPass(1);
    expect((await form.findByText(CORRECTION.sent, {}, { timeout: 5000 })).textContent).toBe(CORRECTION.sent);
    const sent = calls.filter((c) => c.url === path);
    expect(sent).toHaveLength(2);
    expect(sent[0].key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1].key).toBe(sent[0].key);
  });
});
