// @vitest-environment jsdom
/**
 * /my-data lists a person's records a page at a time (security review N15): the first page with the
 * counts of every record, then "Show more" asks for the page after it with the answer's cursor and adds
 * it below, until the last page (no cursor) takes the button away. A refused cursor shows its message and
 * keeps what is listed; a link gone meanwhile shows that the link does not work. The API is a stub.
 */
import { cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import { PRIVACY_MESSAGES, type ErasedCounts } from "@site/core/privacy/answers";
import { createElement as h } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MY_DATA } from "../../src/content/data-requests";
import { MyDataPage } from "../../src/pages/privacy/MyDataPage";
import { MY_DATA_API } from "../../src/pages/privacy/myData";
import { installBrowserShims, withMantine } from "../dom-setup";

vi.setConfig({ testTimeout: 20_000 });

const TOKEN = "a".repeat(43);
const CURSORS = [`0mwpage01.${"A".repeat(22)}`, `0mwpage02.${"B".repeat(22)}`];
const COUNTS: ErasedCounts = { signature: 1, report: 0, lead: 4, newsletter: 0 };
const record = (n: number) => ({ kind: "lead", label: `Request for "Guide ${n}"`, createdAt: `2025-03-0${n}T12:00:00.000Z` });
const PAGES = [
  { email: "maria@example.com", validUntil: "2025-03-09T14:15:00.000Z", counts: COUNTS, records: [record(1), record(2)], next: CURSORS[0] },
  { email: "maria@example.com", validUntil: "2025-03-09T14:15:00.000Z", counts: COUNTS, records: [record(3), record(4)], next: CURSORS[1] },
  {
    email: "maria@example.com",
    validUntil: "2025-03-09T14:15:00.000Z",
    counts: COUNTS,
    records: [{ kind: "signature", label: 'Signature on the petition "Timeshare Reform"', createdAt: "2025-03-05T12:00:00.000Z" }],
    next: null,
  },
];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Stands in for the records route: `answer` gets each request's body. */
function stubRecords(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== MY_DATA_API.records) return json(404, { error: "Not found" });
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

/** The first page, then the one each cursor names. */
const byCursor = (body: Record<string, unknown>) => json(200, PAGES[body.cursor === undefined ? 0 : CURSORS.indexOf(String(body.cursor)) + 1]);

function openMyData() {
  const { container } = render(withMantine(h(MemoryRouter, { initialEntries: [`/my-data?token=${TOKEN}`] }, h(MyDataPage))));
  return { main: container, screen: within(container) };
}

const listed = (main: HTMLElement) => [...main.querySelectorAll("li time")].map((t) => t.getAttribute("datetime"));

beforeAll(() => installBrowserShims());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/my-data, more records than a page", () => {
  it("shows the first page and the counts of all, then adds a page with each 'Show more' until the last", async () => {
    const bodies = stubRecords(byCursor);
    const { main, screen } = openMyData();
    const more = await screen.findByRole("button", { name: MY_DATA.showMore });
    expect(listed(main)).toEqual(["2025-03-01T12:00:00.000Z", "2025-03-02T12:00:00.000Z"]);
    // the counts are of every record, not of the page
    expect(main.textContent).toContain("4 free-guide requests");
    expect(main.textContent).toContain(MY_DATA.shown(2, 5));

    fireEvent.click(more);
    await waitFor(() => expect(listed(main)).toHaveLength(4));
    expect(main.textContent).toContain(MY_DATA.shown(4, 5));
    fireEvent.click(screen.getByRole("button", { name: MY_DATA.showMore }));
    await waitFor(() => expect(listed(main)).toHaveLength(5));
    expect(listed(main)).toEqual([1, 2, 3, 4].map((n) => `2025-03-0${n}T12:00:00.000Z`).concat("2025-03-05T12:00:00.000Z"));
    // the last page: no button, no "showing"
    expect(screen.queryByRole("button", { name: MY_DATA.showMore })).toBeNull();
    expect(main.textContent).not.toContain("Showing");

    // the first page's body is as it was before pages; each next one carries the previous answer's cursor
    expect(bodies).toEqual([{ token: TOKEN }, { token: TOKEN, cursor: CURSORS[0] }, { token: TOKEN, cursor: CURSORS[1] }]);
    expect(screen.getByRole("button", { name: MY_DATA.erase })).toBeTruthy();
  });

  it("a refused cursor shows its message and keeps the records listed; the button stays to try again", async () => {
    stubRecords((body) =>
      body.cursor === undefined ? byCursor(body) : json(400, { error: PRIVACY_MESSAGES.badCursor, fields: { cursor: PRIVACY_MESSAGES.badCursor } }),
    );
    const { main, screen } = openMyData();
    fireEvent.click(await screen.findByRole("button", { name: MY_DATA.showMore }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(PRIVACY_MESSAGES.badCursor));
    expect(listed(main)).toHaveLength(2);
    expect(main.querySelector("h1")?.textContent).toBe(MY_DATA.title);
    expect(screen.getByRole("button", { name: MY_DATA.showMore })).toBeTruthy();
  });

  it("a link gone meanwhile (400) shows that the link does not work", async () => {
    stubRecords((body) => (body.cursor === undefined ? byCursor(body) : json(400, { error: PRIVACY_MESSAGES.invalidLink })));
    const { main, screen } = openMyData();
    fireEvent.click(await screen.findByRole("button", { name: MY_DATA.showMore }));
    await waitFor(() => expect(main.querySelector("h1")?.textContent).toBe(MY_DATA.invalidTitle));
  });

  it("counts a registered kind (defineKind) in the words the answer gives, and asks to erase it too", async () => {
    const labels = { volunteer: { one: "volunteer sign-up", many: "volunteer sign-ups" } };
    stubRecords(() => json(200, { ...PAGES[2], counts: { ...COUNTS, volunteer: 2 }, countLabels: labels }));
    const { main } = openMyData();
    await waitFor(() => expect(main.textContent).toContain("2 volunteer sign-ups"));
    expect(main.textContent).toContain("4 free-guide requests");
  });

  it("an answer without a cursor (one page, or a server from before pages) shows no button", async () => {
    stubRecords(() => json(200, { ...PAGES[0], next: undefined }));
    const { main, screen } = openMyData();
    await waitFor(() => expect(listed(main)).toHaveLength(2));
    expect(screen.queryByRole("button", { name: MY_DATA.showMore })).toBeNull();
  });
});
