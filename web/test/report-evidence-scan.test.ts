// @vitest-environment jsdom
/**
 * A report's evidence in the console's details (issue 39, N11): each file's malware scan as a badge,
 * why a file cannot be opened, and a Download link only for a clean one; a link past its time is
 * fetched again from the download route, whose refusal is shown.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createElement as h } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ScanMessages } from "@site/core/evidence/scan-state";
import type { ReportDetails } from "../src/admin/lib/reports";
import { ApiError } from "../src/lib/api";
import { installBrowserShims, withMantine } from "./dom-setup";
import { fakeAdminApi } from "./fake-admin-api";
import { useFakeWaits } from "./stub-api";

vi.mock("../src/admin/auth", () => ({ accessToken: async () => "test-token" }));
vi.mock("../src/admin/adminApi", async (importOriginal) => (await import("./fake-admin-api")).fakeAdminApiModule(importOriginal));
vi.setConfig({ testTimeout: 20_000 });

const { ReportDetailsDialog } = await import("../src/admin/components/ReportDetailsDialog");

const ID = "0mwrd2ewcabcdefghijkl";
const CLEAN_URL = "http://bucket.example/reports/their-offer.pdf?X-Amz-Signature=abc";

function details(downloadExpiresInSeconds: number): ReportDetails {
  return {
    id: ID,
    reference: "TSR-7K3M-9QX2",
    status: "new",
    reporter: { fullName: "Ana Lima", email: "ana@example.com", city: "Orlando", state: "FL", speakWithTeam: false, shareAnonymously: false },
    scamTypes: [{ type: "other", description: "They asked for a transfer fee." }],
    contactMethods: [{ method: "email", emailAddress: "offers@resale.example" }],
    moneyLost: false,
    dateOccurred: "2025-03-07",
    scammer: { company: "Resale Pros" },
    evidence: [
      {
        purpose: "contactEmail",
        fileName: "their-offer.pdf",
        size: 2048,
        contentType: "application/pdf",
        scan: { state: "clean", status: "NO_THREATS_FOUND", at: "2025-03-08T14:16:00Z" },
        downloadUrl: CLEAN_URL,
      },
      {
        purpose: "details",
        fileName: "scam-letter.txt",
        size: 120,
        contentType: "text/plain",
        scan: {
          state: "quarantined",
          status: "THREATS_FOUND",
          at: "2025-03-08T14:16:01Z",
          threats: ["EICAR-Test-File (not a virus)"],
          message: ScanMessages.quarantined,
        },
      },
    ],
    downloadExpiresInSeconds,
    reportedElsewhere: false,
    wantUpdates: false,
    meta: {
      browser: "Chrome 126",
      deviceType: "Desktop",
      screenResolution: "",
      userAgent: "",
      timezone: "",
      language: "",
      ipAddress: "",
      city: "",
      region: "",
      country: "",
      latitude: "",
      longitude: "",
    },
    createdDate: "03/08/2025",
    createdTime: "09:15:00",
    createdAt: "2025-03-08T14:15:00.000Z",
  } as ReportDetails;
}

const renderDialog = () => render(withMantine(h(ReportDetailsDialog, { reportId: ID, onClose: () => {}, onStatusChanged: () => {}, onDelete: () => {} })));
const evidence = async () => within(await screen.findByRole("region", { name: "Evidence" }));

beforeAll(installBrowserShims);
beforeEach(() => fakeAdminApi.reset());
afterEach(cleanup);

describe("the evidence of a report's details", () => {
  it("shows each file's scan; only the clean one can be downloaded, the quarantined one says why", async () => {
    fakeAdminApi.serve({ "GET /api/admin/reports/*": details(300) });
    renderDialog();
    const files = await evidence();
    await files.findByText("their-offer.pdf");
    expect(files.getByText("No threats found")).toBeTruthy();
    expect(files.getByText("Quarantined")).toBeTruthy();
    expect(files.getByText(`${ScanMessages.quarantined} (EICAR-Test-File (not a virus))`)).toBeTruthy();
    expect(files.getByRole("link", { name: "Download their-offer.pdf" }).getAttribute("href")).toBe(CLEAN_URL);
    expect(files.queryByRole("link", { name: "Download scam-letter.txt" })).toBeNull();
  });

  it("shows a file waiting for its scan without a link", async () => {
    const pending = details(300);
    pending.evidence = [{ ...pending.evidence[1], fileName: "receipt.pdf", scan: { state: "pending", message: ScanMessages.pending } }];
    fakeAdminApi.serve({ "GET /api/admin/reports/*": pending });
    renderDialog();
    const files = await evidence();
    await files.findByText("Scan pending");
    expect(files.getByText(ScanMessages.pending)).toBeTruthy();
    expect(files.queryByRole("link")).toBeNull();
  });

  it("asks again while a file waits for its scan, and shows the verdict when it comes", async () => {
    useFakeWaits();
    try {
      const pending = details(300);
      pending.evidence = [{ ...pending.evidence[0], scan: { state: "pending", message: ScanMessages.pending }, downloadUrl: undefined }];
      let reads = 0;
      fakeAdminApi.serve({ "GET /api/admin/reports/*": () => (++reads === 1 ? pending : details(300)) });
      renderDialog();
      const files = await evidence();
      await files.findByText("Scan pending");
      await vi.advanceTimersByTimeAsync(5_000);
      await files.findByText("No threats found");
      expect(files.getByRole("link", { name: "Download their-offer.pdf" })).toBeTruthy();
      expect(reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks the download route for a fresh link when the one on screen is old, and shows its refusal", async () => {
    fakeAdminApi.serve({
      "GET /api/admin/reports/*/evidence/contactEmail": new ApiError(409, ScanMessages.quarantined),
      "GET /api/admin/reports/*": details(0),
    });
    renderDialog();
    const files = await evidence();
    fireEvent.click(await files.findByRole("link", { name: "Download their-offer.pdf" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain(ScanMessages.quarantined));
    expect(fakeAdminApi.callsTo("GET /api/admin/reports/*/evidence/contactEmail")).toHaveLength(1);
  });
});
