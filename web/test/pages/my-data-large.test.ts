// @vitest-environment jsdom
/**
 * /my-data for a person with much data (issue 25): an erasure answered as a job shows a progress bar
 * that the page moves by polling the status route with the answer's status token until it says erased,
 * then the same counts as an erasure done at once; a download answered as a link to the bucket is
 * followed rather than saved from a Blob. The API is a stub.
 */
import { cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import { DOWNLOAD_FILE_NAME, ERASED_KIND_LABELS, PRIVACY_MESSAGES, type ErasedCounts } from "@site/core/privacy/input";
import { createElement as h } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MY_DATA, MY_DATA_FILE } from "../../src/content/data-requests";
import { MyDataPage } from "../../src/pages/privacy/MyDataPage";
import { ERASURE_POLL_MS, MY_DATA_API } from "../../src/pages/privacy/myData";
import { installBrowserShims, withMantine } from "../dom-setup";
import { callsTo, json, stubFetch, useFakeWaits, type Call } from "../stub-api";

vi.setConfig({ testTimeout: 20_000 });

const TOKEN = "a".repeat(43);
const STATUS_TOKEN = `0mwerase0000000000001.${"S".repeat(43)}`;
const HELD = {
  email: "maria@example.com",
  validUntil: "2025-03-09T14:15:00.000Z",
  counts: { signature: 2, report: 0, lead: 118, newsletter: 1 } satisfies ErasedCounts,
  records: [{ kind: "signature", label: 'Signature on the petition "Timeshare Reform"', createdAt: "2024-05-01T12:00:00.000Z" }],
};
const ERASED: ErasedCounts = { signature: 2, report: 0, lead: 118, newsletter: 1 };

/** Stands in for the API: each path answers from its list in turn (the last one again once the list is used up). */
const stubApi = (routes: Record<string, (() => Response)[]>) =>
  stubFetch((call, calls) => {
    const answers = routes[call.url];
    return answers?.[Math.min(callsTo(calls, call.url), answers.length) - 1]();
  });

function openMyData() {
  const { container } = render(withMantine(h(MemoryRouter, { initialEntries: [`/my-data?token=${TOKEN}`] }, h(MyDataPage))));
  return { main: container, screen: within(container) };
}

const textOf = (el: Element | null) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
const statusCalls = (calls: Call[]) => calls.filter((c) => c.url === MY_DATA_API.erasureStatus);

async function confirmErasure(screen: ReturnType<typeof within>) {
  fireEvent.click(await screen.findByRole("button", { name: MY_DATA.erase }));
  const dialog = await within(document.body).findByRole("dialog");
  fireEvent.click(within(dialog).getByRole("button", { name: MY_DATA.confirm }));
}

beforeAll(() => installBrowserShims());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("/my-data, an erasure run as a job", () => {
  it("shows a progress bar moved by polling the status route with the status token, then the counts erased", async () => {
    useFakeWaits();
    const calls = stubApi({
      [MY_DATA_API.records]: [() => json(200, HELD)],
      [MY_DATA_API.erase]: [() => json(200, { status: "erasing", progress: { completed: 0, total: 122 }, statusToken: STATUS_TOKEN })],
      [MY_DATA_API.erasureStatus]: [
        () => json(200, { status: "erasing", progress: { completed: 61, total: 122 } }),
        // a blip: the next poll asks again
        () => json(503, { error: "Service Unavailable" }),
        () => json(200, { status: "erased", erased: ERASED, progress: { completed: 121, total: 121 } }),
      ],
    });
    const { main, screen } = openMyData();
    await confirmErasure(screen);

    await waitFor(() => expect(main.querySelector("h1")?.textContent).toBe(MY_DATA.erasingTitle));
    const bar = screen.getByRole("progressbar", { name: MY_DATA.erasingLabel });
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    expect(textOf(main)).toContain(MY_DATA.erasingProgress("0", "122"));
    expect(textOf(main)).toContain(MY_DATA.erasingText);
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
    expect(statusCalls(calls)).toEqual([]);

    await vi.advanceTimersByTimeAsync(ERASURE_POLL_MS);
    await waitFor(() => expect(screen.getByRole("progressbar", { name: MY_DATA.erasingLabel }).getAttribute("aria-valuenow")).toBe("50"));
    expect(textOf(main)).toContain(MY_DATA.erasingProgress("61", "122"));

    await vi.advanceTimersByTimeAsync(ERASURE_POLL_MS);
    await waitFor(() => expect(statusCalls(calls)).toHaveLength(2));
    expect(main.querySelector("h1")?.textContent).toBe(MY_DATA.erasingTitle);
    expect(screen.queryByRole("alert")).toBeNull();

    await vi.advanceTimersByTimeAsync(ERASURE_POLL_MS);
    await waitFor(() => expect(main.querySelector("h1")?.textContent).toBe(MY_DATA.erasedTitle));
    const text = textOf(main);
    expect(text).toContain(`2 ${ERASED_KIND_LABELS.signature.many}`);
    expect(text).toContain(`118 ${ERASED_KIND_LABELS.lead.many}`);
    expect(text).toContain(`1 ${ERASED_KIND_LABELS.newsletter.one}`);
    expect(screen.queryByRole("progressbar")).toBeNull();

    // every poll carried the status token (never the used-up link's), and the polling stopped at the end
    expect(statusCalls(calls).map((c) => c.body)).toEqual([{ statusToken: STATUS_TOKEN }, { statusToken: STATUS_TOKEN }, { statusToken: STATUS_TOKEN }]);
    await vi.advanceTimersByTimeAsync(ERASURE_POLL_MS * 3);
    expect(statusCalls(calls)).toHaveLength(3);
  });

  it("a status token the server no longer knows (404): its message, and no more polling", async () => {
    useFakeWaits();
    const calls = stubApi({
      [MY_DATA_API.records]: [() => json(200, HELD)],
      [MY_DATA_API.erase]: [() => json(200, { status: "erasing", progress: { completed: 0, total: 122 }, statusToken: STATUS_TOKEN })],
      [MY_DATA_API.erasureStatus]: [() => json(404, { error: PRIVACY_MESSAGES.unknownErasure })],
    });
    const { main, screen } = openMyData();
    await confirmErasure(screen);
    await waitFor(() => expect(main.querySelector("h1")?.textContent).toBe(MY_DATA.erasingTitle));
    await vi.advanceTimersByTimeAsync(ERASURE_POLL_MS);
    await waitFor(() => expect(textOf(screen.queryByRole("alert"))).toBe(PRIVACY_MESSAGES.unknownErasure));
    await vi.advanceTimersByTimeAsync(ERASURE_POLL_MS * 3);
    expect(statusCalls(calls)).toHaveLength(1);
  });

  it("a small erasure still shows its counts at once, asking no status", async () => {
    const calls = stubApi({ [MY_DATA_API.records]: [() => json(200, HELD)], [MY_DATA_API.erase]: [() => json(200, { erased: ERASED })] });
    const { main, screen } = openMyData();
    await confirmErasure(screen);
    await waitFor(() => expect(main.querySelector("h1")?.textContent).toBe(MY_DATA.erasedTitle));
    expect(textOf(main)).toContain(`118 ${ERASED_KIND_LABELS.lead.many}`);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(statusCalls(calls)).toEqual([]);
  });
});

describe("/my-data, a large download", () => {
  it(`follows the link the answer gives to the file in the bucket (saved as ${MY_DATA_FILE} by its attachment header), no Blob`, async () => {
    const url = "https://evidence.s3.us-east-1.amazonaws.com/privacy-downloads/h/f.json?X-Amz-Expires=300&X-Amz-Signature=abc";
    stubApi({
      [MY_DATA_API.records]: [() => json(200, HELD)],
      [MY_DATA_API.export]: [() => json(200, { url, expiresAt: "2025-03-08T14:20:00.000Z" })],
    });
    const createObjectURL = vi.fn(() => "blob:my-data");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} }));
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(`${this.download} ${this.getAttribute("href")}`);
    });
    const { screen } = openMyData();
    fireEvent.click(await screen.findByRole("button", { name: MY_DATA.download }));
    await waitFor(() => expect(followed).toEqual([`${MY_DATA_FILE} ${url}`]));
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("names the file as the server names the bucket's copy", () => {
    expect(MY_DATA_FILE).toBe(DOWNLOAD_FILE_NAME);
  });
});
