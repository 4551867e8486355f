// @vitest-environment jsdom
/** The line under every admin table: a counted page, a filtered page nothing counts, a search cut at its limit. */
import { cleanup, render, screen } from "@testing-library/react";
import { createElement as h } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { TablePager } from "../src/admin/components/TablePager";
import { installBrowserShims, withMantine } from "./dom-setup";

beforeAll(installBrowserShims);
afterEach(cleanup);

const pager = (props: Partial<Parameters<typeof TablePager>[0]>) =>
  render(withMantine(h(TablePager, { page: 2, pageSize: 50, total: 1234, onChange: () => {}, ...props })));

describe("TablePager", () => {
  it("shows the page's place in a counted list", () => {
    pager({});
    screen.getByText("Showing 51–100 of 1,234");
  });

  it("says how many rows of a filtered page matched, out of the whole list, when nothing counts the matches", () => {
    pager({ filtered: 7, steps: { next: () => {} } });
    screen.getByText("Showing 7 matching rows of 1,234 in all");
    expect(screen.getByRole("button", { name: "Next" })).toBeTruthy();
  });

  it("says a short filtered page holds no match, and that a search shows its first matches only", () => {
    pager({ filtered: 0, truncated: true });
    screen.getByText(/^No matches on this page of the 1,234 rows/);
    screen.getByText(/the first matches only: type more of the name to narrow them/);
  });
});
