// @vitest-environment jsdom
/**
 * /my-data fetches what "Erase my data" needs when the visitor reaches for the button: the
 * confirmation always, the erasure job's progress view only when the erasure will be a job (more
 * than ERASE_IN_JOB_ABOVE records). Its own file: the page's deferred modules load once a file.
 */
import { cleanup, fireEvent, render, waitFor, within } from "@testing-library/react";
import { ERASE_IN_JOB_ABOVE, type ErasedCounts } from "@site/core/privacy/answers";
import { createElement as h } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MY_DATA } from "../../src/content/data-requests";
import { MyDataPage } from "../../src/pages/privacy/MyDataPage";
import { MY_DATA_API } from "../../src/pages/privacy/myData";
import { installBrowserShims, withMantine } from "../dom-setup";

vi.setConfig({ testTimeout: 20_000 });

/** Which of the page's deferred modules were imported: a module's factory runs on its first import. */
const imported = vi.hoisted(() => new Set<string>());
vi.mock("../../src/pages/privacy/EraseConfirmation", async (original) => {
  imported.add("EraseConfirmation");
  return original();
});
vi.mock("../../src/pages/privacy/ErasingData", async (original) => {
  imported.add("ErasingData");
  return original();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
const held = (counts: ErasedCounts) => ({
  email: "maria@example.com",
  validUntil: "2025-03-09T14:15:00.000Z",
  counts,
  records: [{ kind: "signature", label: 'Signature on the petition "Timeshare Reform"', createdAt: "2024-05-01T12:00:00.000Z" }],
});

/** The page for a person holding `counts`, the pointer on "Erase my data". */
async function reachForErase(counts: ErasedCounts) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => (url === MY_DATA_API.records ? json(held(counts)) : new Response("{}", { status: 404 }))),
  );
  const { container } = render(withMantine(h(MemoryRouter, { initialEntries: [`/my-data?token=${"a".repeat(43)}`] }, h(MyDataPage))));
  fireEvent.pointerEnter(await within(container).findByRole("button", { name: MY_DATA.erase }));
}

beforeAll(() => installBrowserShims());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/my-data's Erase button", () => {
  it("fetches the confirmation, and not the job's progress view, for an erasure done at once", async () => {
    await reachForErase({ signature: 2, report: 0, lead: ERASE_IN_JOB_ABOVE - 2, newsletter: 0 });
    await waitFor(() => expect(imported.has("EraseConfirmation")).toBe(true));
    // the confirmation's import has answered; the progress view's would have started at the same moment
    await new Promise((r) => setTimeout(r, 50));
    expect(imported.has("ErasingData")).toBe(false);
  });

  it("fetches the job's progress view too for more than ERASE_IN_JOB_ABOVE records", async () => {
    await reachForErase({ signature: 2, report: 0, lead: ERASE_IN_JOB_ABOVE, newsletter: 1 });
    await waitFor(() => expect(imported.has("ErasingData")).toBe(true));
  });
});
