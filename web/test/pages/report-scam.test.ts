// @vitest-environment jsdom
import { RETRY_DELAYS_MS } from "../../src/lib/sendOnce";
import { act, cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { EvidenceMessages, MAX_EVIDENCE_BYTES } from "@site/core/evidence/limits";
import { QUESTIONS, STEP_TITLES } from "@site/core/report/catalogue";
import { FUTURE_DATE_MESSAGE } from "@site/core/report/date";
import { draftToInput } from "@site/core/report/draft";
import { emptyDraft, type ReportDraft } from "@site/core/report/draft";
import { PHONE_CHARACTERS_MESSAGE } from "@site/core/report/phone";
import { WEBSITE_MESSAGE } from "@site/core/report/website";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVIDENCE, STEP_INCOMPLETE, THANK_YOU, WIZARD } from "../../src/content/report-scam";
import { loadWizard, saveWizard } from "../../src/pages/ReportScamPage/draftStorage";
import { emptyWizardDraft } from "../../src/pages/ReportScamPage/emptyDraft";
import { evidenceFileProblem } from "../../src/pages/ReportScamPage/uploadEvidence";
import { PUBLIC_ROUTES } from "../../src/publicRoutes";
import { renderRoute } from "../render-route";
import { json, retriesPass, stubRoutes, useFakeWaits } from "../stub-api";
import { ROUTE_DESCRIPTIONS } from "../../src/routeDescriptions";

const REFERENCE = "TSR-7K3M-9QX2";

/** A draft every step accepts. */
function completeDraft(): ReportDraft {
  const draft = emptyDraft();
  return {
    ...draft,
    fullName: "Maria Gonzalez",
    email: "maria@example.com",
    city: "Orlando",
    state: "FL",
    scamTypes: ["upfront_fees"],
    scamTypeFields: { ...draft.scamTypeFields, upfront_fees: { amount: "1500", promisedServices: "A buyer for my week" } },
    contactMethods: ["phone"],
    contactMethodFields: { ...draft.contactMethodFields, phone: { countryCode: "+1", phoneNumber: "(555) 123-4567" } },
    dateOccurred: "2025-03-01",
    scammer: { ...draft.scammer, company: "Sunset Resale Partners" },
  };
}

/** Stands in for the API: `routes` answer by URL; /api/config says there is no captcha. */
const stubApi = (routes: Record<string, () => Response | Promise<Response>> = {}) => stubRoutes(routes);

/** XMLHttpRequest as the upload uses it; each request waits until the test answers it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = "";
  url = "";
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, responseText = "") {
    this.status = status;
    this.responseText = responseText;
    act(() => this.onload?.());
  }
}

beforeEach(() => {
  window.sessionStorage.clear();
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete window.dataLayer;
});

function open(path = "/report-scam") {
  const { container } = renderRoute(path);
  const main = container.querySelector("main");
  if (!main) throw new Error("no <main>");
  return { main, screen: within(main) };
}

const heading = (main: HTMLElement) => main.querySelector("h2")?.textContent;
const nextButton = (main: HTMLElement) => within(main).getByRole("button", { name: WIZARD.next });
const type = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const input = (main: HTMLElement, label: string | RegExp) => within(main).getByLabelText(label, { selector: "input, textarea" });

describe("/report-scam and its thank-you page are public routes", () => {
  it("the wizard is indexed, the thank-you page is not; both have a 120-200 character description", () => {
    const wizard = { ...PUBLIC_ROUTES.find((r) => r.path === "/report-scam"), description: ROUTE_DESCRIPTIONS["/report-scam"] } as {
      description: string;
      index?: boolean;
    };
    const thanks = { ...PUBLIC_ROUTES.find((r) => r.path === "/report-scam/thank-you"), description: ROUTE_DESCRIPTIONS["/report-scam/thank-you"] } as {
      description: string;
      index?: boolean;
    };
    expect(wizard.index).toBeUndefined();
    expect(thanks.index).toBe(false);
    for (const { description } of [wizard, thanks]) {
      expect(description.length).toBeGreaterThanOrEqual(120);
      expect(description.length).toBeLessThanOrEqual(200);
    }
  });
});

describe("the report wizard, step 1 'Your Information'", () => {
  it("starts from the draft schema's own empty draft (written out, so the page loads without the schema)", () => {
    expect(emptyWizardDraft()).toStrictEqual(emptyDraft());
    expect(emptyWizardDraft()).not.toBe(emptyWizardDraft());
  });

  it("shows the four steps in the step indicator, this one current, and one <h1>", () => {
    stubApi();
    const { main, screen } = open();
    expect(main.querySelectorAll("h1")).toHaveLength(1);
    expect(heading(main)).toBe("Your Information");
    const steps = within(screen.getByRole("navigation", { name: WIZARD.progressLabel })).getAllByRole("button");
    expect(steps.map((s) => s.textContent)).toEqual([
      "1Your Information (current step)",
      "2Tell Us What Happened",
      "3Share Any Known Details",
      "4Make Your Report Go Further",
    ]);
    expect(steps[0]!.getAttribute("aria-current")).toBe("step");
    expect(steps.slice(1).every((s) => (s as HTMLButtonElement).disabled)).toBe(true);
  });

  it("answers both yes/no questions 'No' by default", () => {
    stubApi();
    const { screen } = open();
    for (const question of [QUESTIONS.speakWithTeam, QUESTIONS.shareAnonymously]) {
      const group = screen.getByRole("radiogroup", { name: question });
      expect((within(group).getByLabelText(WIZARD.no) as HTMLInputElement).checked).toBe(true);
      expect((within(group).getByLabelText(WIZARD.yes) as HTMLInputElement).checked).toBe(false);
    }
  });

  it("keeps Next disabled, says why, and shows no message before a field is touched", () => {
    stubApi();
    const { main, screen } = open();
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(STEP_INCOMPLETE[0], { exact: false })).toBeTruthy();
    expect(screen.queryByText("Full name is required")).toBeNull();
  });

  it("shows a field's message once it was left empty or wrong", () => {
    stubApi();
    const { main, screen } = open();
    type(input(main, /Full Name/), "");
    expect(screen.getByText("Full name is required")).toBeTruthy();
    type(input(main, /^Email/), "maria@example");
    expect(screen.getByText("Please enter a valid email address.")).toBeTruthy();
    expect(screen.queryByText("City is required")).toBeNull();
  });

  it("'Show what is missing' shows every message of the step and focuses the first field", async () => {
    stubApi();
    const { main, screen } = open();
    fireEvent.click(screen.getByRole("button", { name: WIZARD.showMissing }));
    for (const message of ["Full name is required", "Email is required", "City is required", "State is required"]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(input(main, /Full Name/)));
  });

  it("enables Next once name, e-mail, city and state are valid, and moves focus to the next step's heading", () => {
    stubApi();
    const { main, screen } = open();
    type(input(main, /Full Name/), "Maria Gonzalez");
    type(input(main, /^Email/), "maria@example.com");
    type(input(main, /^City/), "Orlando");
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(true);
    type(input(main, /^State/), "FL");
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(STEP_INCOMPLETE[0], { exact: false })).toBeNull();
    fireEvent.click(nextButton(main));
    expect(heading(main)).toBe("Tell Us What Happened");
    expect(document.activeElement).toBe(main.querySelector("h2"));
    // Back returns with what was typed
    fireEvent.click(screen.getByRole("button", { name: WIZARD.back }));
    expect(heading(main)).toBe("Your Information");
    expect((input(main, /Full Name/) as HTMLInputElement).value).toBe("Maria Gonzalez");
  });
});

describe("step 2 'Tell Us What Happened'", () => {
  function openStep2(draft: Partial<ReportDraft> = {}) {
    const base = completeDraft();
    saveWizard({ draft: { ...base, scamTypes: [], contactMethods: [], dateOccurred: "", ...draft }, step: 1 });
    stubApi();
    return open();
  }

  it("opens on the saved step (a reload) with the date hint", () => {
    const { main, screen } = openStep2();
    expect(heading(main)).toBe(STEP_TITLES[1]);
    expect(screen.getByText(FUTURE_DATE_MESSAGE)).toBeTruthy();
  });

  it("reveals each ticked scam type's own fields and requires them", () => {
    const { main, screen } = openStep2({ dateOccurred: "2025-03-01", contactMethods: ["in_person"] });
    expect(screen.queryByLabelText(/Tactics Used/)).toBeNull();
    fireEvent.click(screen.getByLabelText("High-Pressure Sales"));
    const tactics = input(main, /Tactics Used/);
    expect(screen.getByRole("radiogroup", { name: "Was there a limited-time offer or a threat?" })).toBeTruthy();
    fireEvent.blur(tactics);
    expect(screen.getByText("Tactics used is required")).toBeTruthy();
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(true);
    type(tactics, "Kept us for six hours");
    type(input(main, /^Location/), "Resort lobby");
    type(input(main, /Type of Event/), "Owner update meeting");
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(false);
  });

  it("keeps only digits in amounts and shows them as dollars", () => {
    const { main, screen } = openStep2();
    fireEvent.click(screen.getByLabelText("Fake Resale Offer"));
    const claimed = input(main, /Claimed Sale Amount/) as HTMLInputElement;
    fireEvent.change(claimed, { target: { value: "$12,500abc" } });
    expect(claimed.value).toBe("12500");
    expect(screen.getByText("$12,500.00")).toBeTruthy();
  });

  it("asks the amount lost only when money was lost", () => {
    const { main, screen } = openStep2();
    expect(screen.queryByLabelText(/Amount Lost/)).toBeNull();
    fireEvent.click(within(screen.getByRole("radiogroup", { name: QUESTIONS.moneyLost })).getByLabelText(WIZARD.yes));
    const amount = input(main, /Amount Lost/);
    fireEvent.blur(amount);
    expect(screen.getByText("Please enter the amount lost")).toBeTruthy();
  });

  it("phone contact: country code +1 by default, the number keeps phone characters only, 10-15 digits", () => {
    const { main, screen } = openStep2();
    fireEvent.click(screen.getByLabelText("Phone"));
    expect((input(main, /Country Code/) as HTMLInputElement).value).toBe("United States / Canada (+1)");
    const phone = input(main, /Phone Number/) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: "555-12x3" } });
    expect(phone.value).toBe("555-123");
    fireEvent.blur(phone);
    expect(screen.getByText("Please enter a valid phone number (10-15 digits)")).toBeTruthy();
    expect(phone.maxLength).toBe(20);
  });

  it("needs a scam type, a contact method and a date, as 'Show what is missing' says", () => {
    const { screen } = openStep2();
    fireEvent.click(screen.getByRole("button", { name: WIZARD.showMissing }));
    expect(screen.getByText("Please choose at least one scam type")).toBeTruthy();
    expect(screen.getByText("Please choose at least one contact method")).toBeTruthy();
    expect(screen.getByText("Please select the date it occurred")).toBeTruthy();
  });

  it("refuses a day after today (a draft restored on a later day cannot carry one)", () => {
    const { main, screen } = openStep2({ scamTypes: ["other"], contactMethods: ["in_person"], dateOccurred: "2999-01-01" });
    fireEvent.click(screen.getByRole("button", { name: WIZARD.showMissing }));
    expect(screen.getByText(FUTURE_DATE_MESSAGE)).toBeTruthy();
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("step 3 'Share Any Known Details'", () => {
  function openStep3(scammer: Partial<ReportDraft["scammer"]> = {}) {
    const draft = completeDraft();
    saveWizard({ draft: { ...draft, scammer: { ...emptyDraft().scammer, ...scammer } }, step: 2 });
    stubApi();
    return open();
  }

  it("needs at least one detail", () => {
    const { main, screen } = openStep3();
    expect(heading(main)).toBe(STEP_TITLES[2]);
    expect(screen.getByText(STEP_INCOMPLETE[2], { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: WIZARD.showMissing }));
    expect(screen.getByText("Please share at least one detail (name, company, phone, e-mail, website or a file).")).toBeTruthy();
    type(input(main, /Scammer Name/), "John Smith");
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(false);
  });

  it("gives the spec's website and phone messages", () => {
    const { main, screen } = openStep3({ name: "John" });
    type(input(main, /Scammer Website/), "not a website");
    expect(screen.getByText(WEBSITE_MESSAGE)).toBeTruthy();
    type(input(main, /Scammer Phone/), "555-CALL-NOW");
    expect(screen.getByText(PHONE_CHARACTERS_MESSAGE)).toBeTruthy();
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(true);
    type(input(main, /Scammer Website/), "sunset-resale.example");
    type(input(main, /Scammer Phone/), "+1 555 123 4567");
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe("evidence files", () => {
  const fileInput = (main: HTMLElement) => main.querySelector<HTMLInputElement>('input[type="file"]')!;
  const choose = (main: HTMLElement, file: File) => fireEvent.change(fileInput(main), { target: { files: [file] } });

  function openStep3() {
    saveWizard({ draft: { ...completeDraft(), scammer: emptyDraft().scammer }, step: 2 });
  }

  it("are refused before upload when too large, empty or of another type", () => {
    expect(evidenceFileProblem({ name: "big.pdf", size: MAX_EVIDENCE_BYTES + 1 }, "details")).toBe(EvidenceMessages.tooLarge);
    expect(evidenceFileProblem({ name: "empty.png", size: 0 }, "details")).toBe(EvidenceMessages.empty);
    expect(evidenceFileProblem({ name: "photo.png", size: 10 }, "contactEmail")).toBe(EvidenceMessages.notAllowed("contactEmail"));
    expect(evidenceFileProblem({ name: "photo.png", size: MAX_EVIDENCE_BYTES }, "details")).toBeUndefined();
  });

  it("an 11 MB file gets the size message and nothing is sent", () => {
    openStep3();
    const calls = stubApi();
    const { main, screen } = open();
    expect(fileInput(main).accept).toBe(".pdf,.doc,.docx,.txt,.jpg,.jpeg,.png,.eml");
    const big = new File(["x"], "statement.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 11 * 1024 * 1024 });
    choose(main, big);
    expect(screen.getByText(EvidenceMessages.tooLarge)).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith("/api/reports"))).toEqual([]);
    expect(FakeXhr.sent).toEqual([]);
  });

  it("uploads at once with progress: the fields first and the file last; then it counts as a detail and can be removed", async () => {
    openStep3();
    const calls = stubApi({
      "/api/reports/uploads": () =>
        json(200, { uploadId: "u1", url: "https://bucket.example/", fields: { key: "uploads/u1", policy: "p" }, maxBytes: MAX_EVIDENCE_BYTES }),
    });
    const { main, screen } = open();
    choose(main, new File(["%PDF-1.4"], "contract.pdf", { type: "application/pdf" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(calls.find((c) => c.url === "/api/reports/uploads")?.body).toEqual({ purpose: "details", fileName: "contract.pdf", size: 8 });
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe("https://bucket.example/");
    expect([...xhr.body!.keys()]).toEqual(["key", "policy", "file"]);
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(WIZARD.uploadBusy)).toBeTruthy();

    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 8 }));
    expect(screen.getByText(`${EVIDENCE.uploading("contract.pdf")} (50%)`)).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: EVIDENCE.progressLabel("contract.pdf") })).toBeTruthy();

    xhr.answer(204);
    await screen.findByText("contract.pdf");
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(false);
    // the draft is saved by an effect after the render that shows the file
    await waitFor(() => expect(loadWizard()?.draft.evidence).toEqual({ uploadId: "u1", fileName: "contract.pdf", size: 8 }));

    fireEvent.click(screen.getByRole("button", { name: EVIDENCE.removeLabel("contract.pdf") }));
    expect(screen.queryByText("contract.pdf")).toBeNull();
    expect((nextButton(main) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a refused upload says 'Failed to upload evidence:' with the reason", async () => {
    openStep3();
    stubApi({ "/api/reports/uploads": () => json(400, { error: "The file is larger than 10 MB.", fields: { size: "The file is larger than 10 MB." } }) });
    const { main, screen } = open();
    choose(main, new File(["hello"], "notes.txt", { type: "text/plain" }));
    await screen.findByText("Failed to upload evidence: The file is larger than 10 MB.");
  });

  it("storage's own error message is shown when the upload itself fails", async () => {
    openStep3();
    stubApi({ "/api/reports/uploads": () => json(200, { uploadId: "u2", url: "https://bucket.example/", fields: {}, maxBytes: 1 }) });
    const { main, screen } = open();
    choose(main, new File(["hello"], "notes.txt", { type: "text/plain" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.answer(400, "<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>");
    await screen.findByText("Failed to upload evidence: Your proposed upload exceeds the maximum allowed size");
  });
});

describe("step 4 and submitting", () => {
  function openStep4(draft: Partial<ReportDraft> = {}) {
    saveWizard({ draft: { ...completeDraft(), ...draft }, step: 3 });
  }

  it("asks the two questions, the agency only when reported elsewhere", () => {
    openStep4();
    stubApi();
    const { main, screen } = open();
    expect(heading(main)).toBe(STEP_TITLES[3]);
    expect(screen.queryByLabelText(/Agency or Organization/)).toBeNull();
    fireEvent.click(within(screen.getByRole("radiogroup", { name: QUESTIONS.reportedElsewhere })).getByLabelText(WIZARD.yes));
    expect(input(main, /Agency or Organization/)).toBeTruthy();
    expect(screen.getByRole("radiogroup", { name: QUESTIONS.wantUpdates })).toBeTruthy();
    expect(screen.getByRole("button", { name: WIZARD.submit })).toBeTruthy();
  });

  it("sends the draft as the API's input, shows 'Submitting...' with Back and Submit disabled, then the thank-you page with the reference", async () => {
    openStep4();
    window.dataLayer = [];
    let answer: (response: Response) => void = () => {};
    const calls = stubApi({ "/api/reports": () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { main, screen } = open();
    fireEvent.click(screen.getByRole("button", { name: WIZARD.submit }));
    const submitting = await screen.findByRole("button", { name: WIZARD.submitting });
    expect((submitting as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: WIZARD.back }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(calls.some((c) => c.url === "/api/reports")).toBe(true));
    const sent = calls.find((c) => c.url === "/api/reports")!.body as Record<string, unknown>;
    const { client, captchaToken, ...report } = sent;
    expect(report).toEqual(JSON.parse(JSON.stringify(draftToInput(completeDraft()))));
    expect(captchaToken).toBeUndefined();
    expect(client).toEqual(expect.objectContaining({ timezone: expect.any(String), language: expect.any(String) }));

    await act(async () => answer(json(201, { reportId: "r1", reference: REFERENCE })));
    await within(document.body).findByText(THANK_YOU.title);
    expect(within(document.body).getByText(REFERENCE)).toBeTruthy();
    expect(loadWizard()).toBeNull();
    expect(window.dataLayer).toEqual([{ event: "report_submitted" }]);
    expect(main.querySelector("form")).toBeNull();
  });

  it("shows the API's message in the red banner, and the spec's fallback when there is none", async () => {
    openStep4();
    stubApi({ "/api/reports": () => json(429, { error: "Too many requests. Please try again later." }) });
    const first = open();
    fireEvent.click(first.screen.getByRole("button", { name: WIZARD.submit }));
    const alert = await first.screen.findByRole("alert");
    expect(alert.textContent).toContain("Too many requests. Please try again later.");
    expect((first.screen.getByRole("button", { name: WIZARD.submit }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();

    // no answer at all: sent again (after 2 s, then 4 s: lib/sendOnce.ts, on the fake clock) before the spec's fallback
    useFakeWaits();
    const calls = stubApi({ "/api/reports": () => Promise.reject(new TypeError("Failed to fetch")) });
    const second = open();
    fireEvent.click(second.screen.getByRole("button", { name: WIZARD.submit }));
    await retriesPass();
    expect((await second.screen.findByRole("alert")).textContent).toContain("An error occurred while submitting your report. Please try again.");
    expect(calls.filter((c) => c.url === "/api/reports")).toHaveLength(RETRY_DELAYS_MS.length + 1);
  });

  it.each([
    [
      "a file that is not what it says",
      { error: "The file fake.pdf does not look like a PDF file.", fields: { "evidence.details": "The file fake.pdf does not look like a PDF file." } },
    ],
    ["a lost file", { error: EvidenceMessages.notReceived, fields: { "evidence.contactEmail": EvidenceMessages.notReceived } }],
  ])("drops the files when the server refused one (it deletes them all): %s", async (_, body) => {
    const draft = completeDraft();
    openStep4({
      contactMethods: ["email"],
      contactMethodFields: {
        ...draft.contactMethodFields,
        email: { emailAddress: "offers@resale.example", evidence: { uploadId: "u0", fileName: "letter.eml", size: 5 } },
      },
      evidence: { uploadId: "u1", fileName: "fake.pdf", size: 10 },
    });
    stubApi({ "/api/reports": () => json(400, body) });
    const { screen } = open();
    fireEvent.click(screen.getByRole("button", { name: WIZARD.submit }));
    expect((await screen.findByRole("alert")).textContent).toContain(body.error);
    await waitFor(() => expect(loadWizard()?.draft.evidence).toBeUndefined());
    expect(loadWizard()?.draft.contactMethodFields.email).toEqual({ emailAddress: "offers@resale.example" });
  });

  it("keeps the files when the report was refused for something else", async () => {
    openStep4({ evidence: { uploadId: "u1", fileName: "contract.pdf", size: 10 } });
    stubApi({ "/api/reports": () => json(429, { error: "Too many requests. Please try again later." }) });
    const { screen } = open();
    fireEvent.click(screen.getByRole("button", { name: WIZARD.submit }));
    await screen.findByRole("alert");
    expect(loadWizard()?.draft.evidence).toEqual({ uploadId: "u1", fileName: "contract.pdf", size: 10 });
  });
});

describe("the thank-you page", () => {
  it("shows the spec's heading and statement, the reference kept in the tab, and counts the conversion once", async () => {
    window.sessionStorage.setItem("report-scam:reference", REFERENCE);
    window.dataLayer = [];
    const { screen } = open("/report-scam/thank-you");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Thank you. Your story matters.");
    expect(screen.getByText("Your report was submitted successfully.")).toBeTruthy();
    await screen.findByText(REFERENCE);
    expect(screen.getByText("Initial Review")).toBeTruthy();
    cleanup();
    open("/report-scam/thank-you"); // a reload
    expect(window.dataLayer).toEqual([{ event: "report_submitted" }]);
  });

  it("without a reference shows no number, a link to report, and counts nothing", async () => {
    window.dataLayer = [];
    const { screen } = open("/report-scam/thank-you");
    const link = await screen.findByRole("link", { name: THANK_YOU.reportButton });
    expect(link.getAttribute("href")).toBe("/report-scam");
    expect(screen.queryByTestId("report-reference")).toBeNull();
    expect(window.dataLayer).toEqual([]);
  });
});
