/**
 * Words of the scam alert pages: /scam-alerts (the lookup and the published list) and
 * /scam-alerts/:slug (one alert, with its correction form).
 */

export const ALERTS_HERO = {
  eyebrow: "Scam alerts",
  title: "Scam alerts",
  lead: "Companies, websites and phone numbers that timeshare owners reported to us, published once our team has reviewed the reports. Before you pay anyone to sell your timeshare or get you out of it, check them here.",
} as const;

export const SEARCH = {
  label: "Check a company before you pay",
  formLabel: "Search the scam alerts",
  description: "A company's name, a phone number or a website, written any way you have it.",
  placeholder: "Exit Pros LLC, (407) 555-0199 or exitpros.example",
  button: "Check",
  busy: "Checking…",
  tooShort: "Please type at least 2 characters.",
  failed: "We could not check that just now. Please try again in a moment.",
  foundTitle: (n: number) => (n === 1 ? "1 scam alert matches" : `${n} scam alerts match`),
  noMatchTitle: "No scam alert matches",
  noMatch:
    "We have no published alert for that. No report does not mean a company is safe: scammers change their names, numbers and websites often, and many owners never report.",
  guidesIntro: "Before you pay anyone, read our free guides:",
} as const;

/** The guides the no-match answer links (their pages' own titles). */
export const GUIDE_LINKS = [
  { to: "/spotting-exit-scams", label: "Spotting Timeshare Exit Scams" },
  { to: "/timeshare-scam-checklist", label: "The Timeshare Scam Checklist" },
  { to: "/how-timeshare-scams-work", label: "How Timeshare Scams Work" },
] as const;

export const LIST = {
  title: "Published alerts",
  intro: "Newest first. Each alert counts only the reports whose owners agreed that an anonymised summary may be published.",
  loading: "Loading the alerts…",
  empty: "No alert has been published yet.",
  failed: "The alerts could not be loaded. Please try again later.",
  more: "Show more alerts",
} as const;

export const ALERT = {
  eyebrow: "Scam alert",
  reports: (n: number) => (n === 1 ? "1 report from owners" : `${n} reports from owners`),
  identifiersTitle: "Reported as",
  figuresTitle: "What owners reported",
  scamTypes: "Types of scam",
  states: "Owners' states",
  amounts: "Money lost",
  period: "Reports",
  firstLast: (first: string, last: string) => (first === last ? `Reported on ${first}` : `First reported on ${first}, last on ${last}`),
  noFigures: "No report that may be published is counted yet.",
  consent: "Counted from the reports whose owners agreed that an anonymised summary may be published. We never publish an owner's name, address or words.",
  reportButton: "Report this company",
  allAlerts: "All scam alerts",
  notFoundTitle: "Scam alert not found",
  notFound: "This scam alert does not exist or is no longer published.",
  failed: "The alert could not be loaded. Please try again later.",
  loading: "Loading the alert…",
  lastReport: (day: string) => `Last reported on ${day}`,
} as const;

export const CORRECTION = {
  title: "Ask for a correction",
  intro: "Is your company named here, and do you think something is wrong? Tell us what and why: our team reads every request and answers by e-mail.",
  company: "Company",
  fullName: "Your full name",
  email: "Your e-mail address",
  message: "What should be corrected, and why",
  submit: "Send the request",
  busy: "Sending…",
  sentTitle: "Request received",
  sent: "Thank you. Our team will review your request and answer by e-mail.",
  errorTitle: "Not sent",
  failed: "Your request could not be sent. Please try again later.",
} as const;

/** How amount ranges read on the page (the API's keys, alerts/types.ts AMOUNT_RANGES). */
export const AMOUNT_LABELS: Record<string, string> = {
  "under $1,000": "Under $1,000",
  "$1,000\u2013$4,999": "$1,000 to $4,999",
  "$5,000\u2013$19,999": "$5,000 to $19,999",
  "$20,000 and more": "$20,000 or more",
  none: "No money lost",
};
