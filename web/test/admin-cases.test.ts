// @vitest-environment jsdom
/** The cases screens (/admin/cases/:id, /admin/cases/proposals, /admin/scam-alerts/:slug) against a fake admin API. */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { renderAdmin } from "./admin-render";
import { installBrowserShims } from "./dom-setup";
import { fakeAdminApi } from "./fake-admin-api";
import type { CaseDetails, CaseHead, Proposal } from "../src/admin/pages/cases/cases";
import type { AlertWithCorrections } from "../src/admin/pages/scam-alerts/alerts";

const ADMIN = "admin@example.org";
vi.mock("../src/admin/auth", () => ({
  accessToken: async () => "test-token",
  useAuth: () => ({ state: { status: "signedIn", username: "admin@example.org", isAdmin: true } }),
}));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
vi.setConfig({ testTimeout: 20_000 });

const { CaseRoute } = await import("../src/admin/pages/cases/CasePage");
const { ProposalsPage } = await import("../src/admin/pages/cases/ProposalsPage");
const { ScamAlertRoute } = await import("../src/admin/pages/scam-alerts/ScamAlertPage");
const { statesList, scamTypesList } = await import("../src/admin/pages/cases/cases");
const { countsText } = await import("../src/admin/pages/scam-alerts/alerts");

const CASE_ID = "0mwcase00000000000001";
const OTHER_ID = "0mwcase00000000000002";
const head: CaseHead = {
  id: CASE_ID,
  reference: "CASE-7K3M9Q",
  title: "Exit Pros LLC",
  status: "open",
  assignee: null,
  createdAt: "2025-03-08T14:00:00.000Z",
  updatedAt: "2025-03-08T14:00:00.000Z",
  reports: 2,
  consenting: 1,
  amountLost: 4000,
  states: ["FL", "GA"],
  scamTypes: ["refund_exit"],
  firstReportAt: "2025-03-07T10:00:00.000Z",
  lastReportAt: "2025-03-08T10:00:00.000Z",
  identifiers: [
    { type: "company", value: "exit pros", shown: "Exit Pros LLC" },
    { type: "phone", value: "+14075550199", shown: "(407) 555-0199" },
    { type: "person", value: "john smith", shown: "John Smith" },
  ],
  version: 1,
};
const report = (n: number, consent: boolean) => ({
  id: `0mwreport0000000000${n}0`,
  reference: `TSR-0000${n}`,
  createdAt: `2025-03-0${6 + n}T10:00:00.000Z`,
  status: "new",
  reporterName: "Casey",
  state: n === 1 ? "FL" : "GA",
  scamTypes: ["refund_exit"],
  amountLost: 2000,
  publishConsent: consent,
  evidence: n === 1 ? [{ purpose: "details", fileName: "contract.pdf" }] : [],
});
const details: CaseDetails = {
  case: head,
  reports: [report(1, true), report(2, false)],
  timeline: [
    { id: "0mwt00000000000000001", at: "2025-03-08T14:00:00.000Z", by: ADMIN, action: "created", detail: "2 reports" },
    { id: "0mwt00000000000000002", at: "2025-03-08T15:00:00.000Z", by: ADMIN, action: "note", note: "Called the AG." },
  ],
};

const renderAt = (path: string) =>
  renderAdmin(path, { "/admin/cases/proposals": ProposalsPage, "/admin/cases/:id": CaseRoute, "/admin/scam-alerts/:slug": ScamAlertRoute });

const bodyOf = (route: string) => fakeAdminApi.callsTo(route).at(-1)?.body;

beforeAll(() => {
  installBrowserShims();
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => fakeAdminApi.reset());
afterEach(cleanup);

describe("the case page", () => {
  beforeEach(() =>
    fakeAdminApi.serve({
      [`GET /api/admin/cases/${CASE_ID}`]: details,
      [`PATCH /api/admin/cases/${CASE_ID}`]: {},
      [`POST /api/admin/cases/${CASE_ID}/notes`]: {},
      [`POST /api/admin/cases/${CASE_ID}/split`]: { caseId: OTHER_ID },
      [`POST /api/admin/cases/${CASE_ID}/merge`]: {},
      [`POST /api/admin/cases/${CASE_ID}/alert`]: { slug: "exit-pros" },
    }),
  );

  it("shows the head, the reports with their consent and evidence, and the timeline newest first", async () => {
    renderAt(`/admin/cases/${CASE_ID}`);
    await screen.findByRole("heading", { level: 1, name: "Exit Pros LLC" });
    const reports = screen.getByRole("table", { name: "Reports of the case" });
    const rows = within(reports).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell").slice(1, 2)[0]!.textContent)).toEqual(["TSR-00001", "TSR-00002"]);
    expect(within(rows[0]!).getByRole("link", { name: "View details of report TSR-00001" }).getAttribute("href")).toBe(
      "/admin/scam-reports?report=0mwreport000000000010",
    );
    expect(within(rows[0]!).getByText("contract.pdf")).toBeTruthy();
    expect(within(rows[0]!).getByText("Yes")).toBeTruthy();
    expect(within(rows[1]!).getByText("No")).toBeTruthy();
    const counts = screen.getByRole("region", { name: "Counts" });
    expect(within(counts).getByText("$4,000.00")).toBeTruthy();
    expect(within(counts).getByText("FL, GA")).toBeTruthy();
    const timeline = screen.getByRole("region", { name: "Timeline" });
    expect(
      within(timeline)
        .getAllByText(/^(Note|Case created)$/)
        .map((e) => e.textContent),
    ).toEqual(["Note", "Case created"]);
  });

  it("changes the status at once, and saves the assignee", async () => {
    renderAt(`/admin/cases/${CASE_ID}`);
    await screen.findByRole("heading", { level: 1, name: "Exit Pros LLC" });
    const form = screen.getByRole("region", { name: "Case" });
    fireEvent.click(within(form).getByRole("textbox", { name: "Status" }));
    fireEvent.click(await screen.findByRole("option", { name: "Investigating", hidden: true }));
    await waitFor(() => expect(bodyOf(`PATCH /api/admin/cases/${CASE_ID}`)).toEqual({ status: "investigating" }));

    fireEvent.click(within(form).getByRole("button", { name: "Assign to me" }));
    fireEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(bodyOf(`PATCH /api/admin/cases/${CASE_ID}`)).toEqual({ assignee: ADMIN }));
  });

  it("splits the ticked reports off, and merges another case found by its reference", async () => {
    renderAt(`/admin/cases/${CASE_ID}`);
    await screen.findByRole("heading", { level: 1, name: "Exit Pros LLC" });
    const split = screen.getByRole("button", { name: /selected into a new case/ });
    expect(split.hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select report TSR-00002" }));
    fireEvent.click(screen.getByRole("button", { name: /Split 1 selected into a new case/ }));
    await waitFor(() => expect(bodyOf(`POST /api/admin/cases/${CASE_ID}/split`)).toEqual({ reportIds: ["0mwreport000000000020"] }));
    expect((await screen.findByRole("link", { name: "Open the new case" })).getAttribute("href")).toBe(`/admin/cases/${OTHER_ID}`);

    fireEvent.change(screen.getByRole("textbox", { name: "Other case's reference or id" }), { target: { value: " case-aaaaaa " } });
    fireEvent.click(screen.getByRole("button", { name: "Merge into this case" }));
    fireEvent.click(await screen.findByRole("button", { name: "Merge" }));
    await waitFor(() => expect(bodyOf(`POST /api/admin/cases/${CASE_ID}/merge`)).toEqual({ caseId: "case-aaaaaa" }));
  });

  it("publishes an alert searchable by the chosen company, phone and website, never a person's name", async () => {
    renderAt(`/admin/cases/${CASE_ID}`);
    await screen.findByRole("heading", { level: 1, name: "Exit Pros LLC" });
    const panel = screen.getByRole("region", { name: "Publish a scam alert" });
    expect(within(panel).queryByText(/John Smith/)).toBeNull();
    const publish = within(panel).getByRole("button", { name: "Publish the alert" });
    expect(publish.hasAttribute("disabled")).toBe(true);
    fireEvent.change(within(panel).getByRole("textbox", { name: /Summary/ }), { target: { value: "Owners were promised a refund." } });
    fireEvent.click(within(panel).getByRole("checkbox", { name: "Phone: (407) 555-0199" }));
    fireEvent.click(publish);
    await waitFor(() =>
      expect(bodyOf(`POST /api/admin/cases/${CASE_ID}/alert`)).toEqual({
        title: "Exit Pros LLC",
        summary: "Owners were promised a refund.",
        identifiers: [{ type: "company", shown: "Exit Pros LLC" }],
      }),
    );
  });
});

describe("the proposed links", () => {
  const proposal: Proposal = {
    id: "0mwprop00000000000001",
    reports: [
      { id: "0mwreport000000000010", reference: "TSR-00001", createdAt: "2025-03-07T10:00:00.000Z", company: "Exit Pros LLC" },
      { id: "0mwreport000000000020", reference: "TSR-00002", createdAt: "2025-03-08T10:00:00.000Z", company: "EXIT PROS, L.L.C." },
    ],
    identifiers: [{ type: "company", value: "exit pros", shown: "Exit Pros LLC" }],
    createdAt: "2025-03-08T10:00:00.000Z",
    updatedAt: "2025-03-08T10:00:00.000Z",
    version: 1,
  };

  it("confirms a proposal, which leaves the list and links to its case", async () => {
    let waiting = [proposal];
    fakeAdminApi.serve({
      "GET /api/admin/case-proposals": () => ({ proposals: waiting }),
      [`POST /api/admin/case-proposals/${proposal.id}/confirm`]: () => {
        waiting = [];
        return { caseId: CASE_ID };
      },
    });
    renderAt("/admin/cases/proposals");
    const card = await screen.findByRole("region", { name: "A new case of 2 reports" });
    expect(within(card).getByText("Company: Exit Pros LLC")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Confirm: A new case of 2 reports" }));
    expect((await screen.findByRole("link", { name: "Open the case" })).getAttribute("href")).toBe(`/admin/cases/${CASE_ID}`);
    await waitFor(() => expect(screen.queryByRole("region", { name: "A new case of 2 reports" })).toBeNull());
  });
});

describe("a scam alert's page", () => {
  it("saves only what changed and shows the correction requests beside it", async () => {
    const answer: AlertWithCorrections = {
      alert: {
        slug: "exit-pros",
        caseId: CASE_ID,
        title: "Exit Pros",
        summary: "Refund promises.",
        identifiers: [{ type: "company", value: "exit pros", shown: "Exit Pros LLC" }],
        published: true,
        publishedAt: "2025-03-09T10:00:00.000Z",
        updatedAt: "2025-03-09T10:00:00.000Z",
        stats: {
          reports: 3,
          scamTypes: { refund_exit: 3 },
          states: { FL: 2, GA: 1 },
          amountRanges: { "under $1,000": 0, "$1,000–$4,999": 2, "$5,000–$19,999": 0, "$20,000 and more": 0, none: 1 },
          firstReportAt: "2025-03-07",
          lastReportAt: "2025-03-09",
        },
        createdAt: "2025-03-09T10:00:00.000Z",
        updatedBy: ADMIN,
        version: 1,
        public: {} as never,
      },
      corrections: [
        {
          id: "c1",
          createdAt: "2025-03-10T10:00:00.000Z",
          alertSlug: "exit-pros",
          company: "Exit Pros LLC",
          fullName: "Pat Owner",
          email: "pat@exitpros.example",
          message: "We are a real company.",
        },
      ],
    };
    fakeAdminApi.serve({
      "GET /api/admin/scam-alerts/exit-pros": answer,
      "PATCH /api/admin/scam-alerts/exit-pros": {},
      [`GET /api/admin/cases/${CASE_ID}`]: details,
    });
    renderAt("/admin/scam-alerts/exit-pros");
    await screen.findByRole("heading", { level: 1, name: "Exit Pros" });
    expect(within(screen.getByRole("region", { name: "Correction requests" })).getByText("We are a real company.")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Public figures" })).getByText("FL: 2, GA: 1")).toBeTruthy();
    fireEvent.click(screen.getByRole("switch", { name: /Published/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(bodyOf("PATCH /api/admin/scam-alerts/exit-pros")).toEqual({ published: false }));
  });
});

describe("the cases' words", () => {
  it("lists states and scam types from an index row or a head, and counts largest first", () => {
    expect(statesList("FL,GA")).toBe("FL, GA");
    expect(statesList([])).toBe("—");
    expect(scamTypesList("refund_exit,other")).toMatch(/, Other$/);
    expect(countsText({ GA: 1, FL: 2, TX: 0 })).toBe("FL: 2, GA: 1");
  });
});
