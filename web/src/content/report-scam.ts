/**
 * Words of the report-a-scam wizard (/report-scam) and its thank-you page (/report-scam/thank-you);
 * spec awareness-reports-leads §2. Step titles, questions and field labels are the report's own
 * vocabulary (packages/core/src/report/catalogue.ts), shared with the API and the admin view; the
 * fixed messages are the spec's (§5, §8).
 */

export const INTRO = {
  eyebrow: "Report a scam",
  title: "Report a Scam",
  lead: "Tell us what happened in four short steps. It takes about five minutes, and you can report even if you did not lose any money.",
  privacy:
    "Only our review team reads your report. Files you attach are stored privately, never published, and your name is never shared without your permission.",
} as const;

/** What each step asks for, under its title (the steps of STEP_TITLES, in order). */
export const STEP_HELP = [
  "Tell us who you are, so we can follow up if you allow us to. Fields marked with * are required.",
  "Choose every kind of scam that fits and every way they reached you, then tell us when it happened.",
  "Share whatever you know about the people behind it. At least one detail is needed: a name, a company, a phone number, an e-mail address, a website or a file.",
  "Two last questions, then send your report.",
] as const;

/** Why Next is disabled, per step (the spec keeps it disabled until the step is complete). */
export const STEP_INCOMPLETE = [
  "Complete the required fields to continue.",
  "Complete the required fields to continue.",
  "Share at least one detail to continue.",
  "Complete the fields above to send your report.",
] as const;

export const WIZARD = {
  progressLabel: "Report progress",
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  /** Read after a step's title in the step indicator. */
  completed: "completed",
  current: "current step",
  showMissing: "Show what is missing",
  back: "Back",
  next: "Next",
  submit: "Submit Report",
  submitting: "Submitting...",
  uploadBusy: "Wait for the file to finish uploading.",
  /** The spinner's name while a step's code arrives (only on a slow or failed connection). */
  loadingStep: "Loading this step...",
  errorTitle: "Your report was not sent",
  /** The spec's generic fallback for the red banner (§8). */
  submitFallback: "An error occurred while submitting your report. Please try again.",
  /** The spec's message when the server failed to store the report (§8), with the server's reason. */
  submitFailed: (message: string) => `Failed to submit report: ${message}`,
  yes: "Yes",
  no: "No",
  agePlaceholder: "Prefer not to say",
  clearAge: "Clear age range",
  countryCodePlaceholder: "Choose",
  datePlaceholder: "Pick a date",
  /** The calendar's arrows, which have no text (its month and year switches are named by theirs). */
  calendarLabels: {
    previousMonth: "Previous month",
    nextMonth: "Next month",
    previousYear: "Previous year",
    nextYear: "Next year",
    previousDecade: "Previous decade",
    nextDecade: "Next decade",
  },
  websitePlaceholder: "example.com",
  /** Under an amount before anything is typed (then the amount in dollars, e.g. "$1,500.00"). */
  amountHelp: "Whole US dollars, digits only",
} as const;

export const EVIDENCE = {
  choose: "Choose a file",
  replace: "Choose another file to replace it",
  /** Under the file picker: the types it takes and the size limit. */
  help: (extensions: readonly string[]) => `${extensions.map((e) => `.${e}`).join(", ")}; up to 10 MB.`,
  uploading: (fileName: string) => `Uploading ${fileName}`,
  progressLabel: (fileName: string) => `Upload progress of ${fileName}`,
  cancel: "Cancel upload",
  uploaded: "Uploaded",
  remove: "Remove",
  removeLabel: (fileName: string) => `Remove ${fileName}`,
  /** The spec's message when an upload fails (§8). */
  failed: (message: string) => `Failed to upload evidence: ${message}`,
  /** Completes the message above when neither the API nor the storage said why. */
  unknownError: "the file could not be sent. Please check your connection and try again.",
} as const;

export const THANK_YOU = {
  eyebrow: "Report received",
  /** The spec's heading and statement (§2 "Report thank-you"). */
  title: "Thank you. Your story matters.",
  lead: "Your report was submitted successfully.",
  referenceLabel: "Your reference number",
  referenceNote: "Keep this number and quote it if you write to us about your report.",
  noReference: "Have another scam to tell us about? Every report helps us warn the next owner.",
  reportButton: "Report a Scam",
  whereElseTitle: "Report It Officially Too",
  whereElseText:
    "Our review does not replace an official complaint. The FTC, your state attorney general and the FBI's IC3 can investigate, and reporting to them is free.",
  whereElseButton: "See Where Else to Report",
  homeButton: "Return Home",
} as const;
