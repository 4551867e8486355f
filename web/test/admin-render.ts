import { render, within } from "@testing-library/react";
import { createElement as h, type ComponentType } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { SWRConfig } from "swr";
import { withMantine } from "./dom-setup";
import { pathOf, type AdminCall } from "./fake-admin-api";

/**
 * Renders console pages as the console does, at `at`: Mantine, an SWR cache of the test's own (nothing
 * deduplicated), and the router with `routes` (a path pattern → its page).
 */
export function renderAdmin(at: string, routes: Record<string, ComponentType>) {
  return render(
    withMantine(
      h(
        SWRConfig,
        { value: { provider: () => new Map(), dedupingInterval: 0 } },
        h(
          MemoryRouter,
          { initialEntries: [at] },
          h(Routes, null, ...Object.entries(routes).map(([path, page]) => h(Route, { key: path, path, element: h(page) }))),
        ),
      ),
    ),
  );
}

/** The fake API's answers to an export job of `kind` that is done at once, and its file's link (fake-admin-api.ts routes). */
export const exportJobRoutes = (kind: string) => ({
  "POST /api/admin/exports": { jobId: "0mwexportjob000000001" },
  "GET /api/admin/jobs/0mwexportjob000000001": {
    id: "0mwexportjob000000001",
    kind: `export.${kind}`,
    status: "done",
    progress: { phase: "writing", completed: 2, total: 2 },
    result: { rows: 2 },
  },
  "GET /api/admin/jobs/0mwexportjob000000001/download": (call: AdminCall) => ({ url: `https://files.example${pathOf(call.url)}?signed`, fileName: "file.csv" }),
});

/** The text of each cell of a table row. */
export const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((c) => c.textContent);
