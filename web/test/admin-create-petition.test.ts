// @vitest-environment jsdom
/** /admin/petitions/new checks the form with the server's own schema (AdminCreateInput), with its messages. */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createElement as h } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import { AdminCreateInput } from "@site/core/petition/input";
import { installBrowserShims, withMantine } from "./dom-setup";
import { fakeAdminApi } from "./fake-admin-api";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));

const { CreatePetitionPage } = await import("../src/admin/pages/CreatePetitionPage");

beforeAll(() => installBrowserShims());
afterEach(() => cleanup());

const serverMessages = (input: unknown) => {
  const parsed = AdminCreateInput.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

it("shows the server's messages for a blank title and story and a goal of 0, and sends nothing", async () => {
  fakeAdminApi.serve({ "POST /api/admin/petitions": { id: "new-one" } });
  render(
    withMantine(
      h(
        MemoryRouter,
        { initialEntries: ["/admin/petitions/new"] },
        h(Routes, null, h(Route, { path: "/admin/petitions/new", element: h(CreatePetitionPage) })),
      ),
    ),
  );
  fireEvent.change(screen.getByLabelText("Title", { exact: false }), { target: { value: "   " } });
  fireEvent.change(screen.getByLabelText("Goal", { exact: false }), { target: { value: "0" } });
  fireEvent.click(screen.getByRole("button", { name: "Create Petition" }));
  const expected = serverMessages({ title: "   ", story: "", goal: "0" });
  expect(expected).toEqual(["Title is required", "Story is required", "Goal must be at least 1"]);
  for (const message of expected) await screen.findByText(message);
  expect(fakeAdminApi.callsTo("POST /api/admin/petitions")).toEqual([]);
});
