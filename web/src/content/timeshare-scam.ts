/**
 * Words of the "Report a Timeshare Scam" landing page, /timeshare-scam (spec: awareness-reports-leads §2
 * "Report a Timeshare Scam landing page"). The five kinds match the report wizard's scam types.
 */

export type TimeshareScamIcon = "alert" | "building" | "shield" | "heart" | "home" | "dollar" | "clock" | "exit" | "users";

export interface IconCard {
  icon: TimeshareScamIcon;
  title: string;
  text: string;
}

export interface ReportKind extends IconCard {
  /** The scam type of the report wizard this kind matches (spec §3, scam_types). */
  scamType: "fake_resale" | "upfront_fees" | "high_pressure" | "refund_exit" | "other";
}

export interface Agency {
  name: string;
  text: string;
  /** An official site (root domains of the FTC and the FBI's IC3 only), opened in the same tab. */
  link?: { href: string; label: string };
}

export const HERO = {
  eyebrow: "Report a scam",
  title: "Report a Timeshare Scam",
  lead: "Did someone promise to sell your timeshare, get you out of your contract or win back money you lost, and ask you to pay first? Tell us what happened. Your report helps us warn other owners and show lawmakers what weak timeshare laws cost families.",
  reportButton: "Start Your Report",
  whereButton: "See Where Else to Report",
} as const;

export const WHY_REPORT = {
  kicker: "Why report",
  title: "Why Your Report Matters",
  intro: "Scammers count on silence. Many owners never tell anyone because they feel embarrassed. Every report makes the next attempt harder.",
  reasons: [
    {
      icon: "alert",
      title: "Warn the next owner",
      text: "Scammers reuse the same scripts, company names and phone numbers. Reports let us spot them and warn owners before they pay.",
    },
    {
      icon: "shield",
      title: "Help the people who can act",
      text: "Law enforcement looks for patterns across many complaints. The FTC shares the reports it receives with law enforcement agencies.",
    },
    {
      icon: "building",
      title: "Build the case for reform",
      text: "Real cases show lawmakers why owners need fair cancellation rights and a real way out, so that scammers have less to sell.",
    },
    {
      icon: "heart",
      title: "It is not your fault",
      text: "These schemes are run by professionals who rehearse every answer. Reporting one protects others, and you can report even if you did not lose money.",
    },
  ] satisfies IconCard[],
} as const;

export const REPORT_KINDS = {
  kicker: "What you can report",
  title: "Five Kinds of Scams You Can Report",
  intro: "Pick every kind that fits. Attempts count too: a call you hung up on can still help us trace a scam.",
  kinds: [
    {
      scamType: "fake_resale",
      icon: "home",
      title: "Fake resale offers",
      text: "Someone said a buyer or renter is waiting for your timeshare, often at a price above what it is worth, if you first pay a fee. There was no buyer.",
    },
    {
      scamType: "upfront_fees",
      icon: "dollar",
      title: "Upfront fees",
      text: "You were asked to pay before anything was done: “closing costs”, an “appraisal”, “marketing”, taxes or a transfer fee for a sale or service that never happened.",
    },
    {
      scamType: "high_pressure",
      icon: "clock",
      title: "High-pressure sales",
      text: "A presentation or call that kept you for hours, pushed you to sign the same day, or promised things that were never written into the contract.",
    },
    {
      scamType: "refund_exit",
      icon: "exit",
      title: "Refund and exit scams",
      text: "A company charged thousands to cancel your contract or get you a refund, told you to stop paying your maintenance fees, then did nothing or disappeared.",
    },
    {
      scamType: "other",
      icon: "users",
      title: "Other schemes",
      text: "Inheritance scams aimed at heirs, “recovery” services that promise to get back money you already lost for a fee, and anything else that does not fit above.",
    },
  ] satisfies ReportKind[],
  checklistButton: "Get the Free Scam Checklist",
} as const;

export const AFTER_REPORT = {
  kicker: "What happens next",
  title: "What Happens After You Report",
  intro: "We never charge for help, and we will never ask you for money to recover a loss.",
  steps: [
    {
      title: "Initial Review",
      text: "A member of our team reads your report and checks the details you gave: names, phone numbers, websites and amounts. If you said we may contact you, we may ask a few questions.",
    },
    {
      title: "Data Analysis",
      text: "We compare your report with others to find repeat company names, phone numbers, websites and sales scripts. Patterns show who is behind a scam and how it works.",
    },
    {
      title: "Support and Resources",
      text: "We point you to the agencies that can act on your case and to free guides that help you avoid the next attempt, including the “recovery” scams that often follow a loss.",
    },
  ],
  note: "The foundation is not a law firm or a government agency, and it does not offer exit, resale or legal services. Report your case to the agencies below as well.",
  followLink: "Already reported? Follow your report's status",
} as const;

export const WHERE_ELSE = {
  /** Anchor of this section: the hero's second button scrolls to it. */
  id: "where-else-to-report",
  kicker: "Report it officially",
  title: "Where Else to Report",
  intro: "Our review does not replace an official complaint. These agencies can investigate, and reporting to them is free.",
  agencies: [
    {
      name: "Federal Trade Commission (FTC)",
      text: "The FTC collects reports of fraud and shares them with law enforcement across the country. Report any resale, exit or upfront-fee scam, whether or not you paid.",
      link: { href: "https://reportfraud.ftc.gov", label: "Report to the FTC at ReportFraud.ftc.gov" },
    },
    {
      name: "Your state attorney general",
      text: "The consumer protection office of your state attorney general handles complaints about companies that do business in your state. Report in the state where you live, and in the company's state if it is elsewhere.",
    },
    {
      name: "FBI Internet Crime Complaint Center (IC3)",
      text: "If the scam reached you online, by e-mail, through a website or on social media, file a complaint with the FBI's IC3 as well.",
      link: { href: "https://www.ic3.gov", label: "File a complaint at IC3.gov" },
    },
  ] satisfies Agency[],
  paidRecently: "Paid recently? Call your bank or card company today and ask whether the payment can be stopped or reversed.",
} as const;

export const EVIDENCE = {
  kicker: "Before you report",
  title: "Evidence to Keep",
  intro: "Keep everything, even what seems unimportant, and send copies rather than originals. Write down what happened while you still remember it.",
  items: [
    { title: "Contracts", text: "Your timeshare contract and anything a resale or exit company asked you to sign." },
    { title: "Receipts and payments", text: "Receipts, bank and card statements, and wire or transfer confirmations." },
    { title: "E-mails and letters", text: "E-mails, letters and text messages, with their dates." },
    { title: "Call logs", text: "The date and time of each call, who called whom, and what was said or promised." },
    { title: "Names and phone numbers", text: "Every person and company name you were given, and every phone number that called you." },
    { title: "Websites", text: "Web addresses of the company's site and ads, with screenshots in case they disappear." },
  ],
} as const;

export const CLOSING = {
  title: "Protect the Next Owner",
  text: "Learn the script scammers follow, and tell us when you see it.",
  reportButton: "Start Your Report",
  learnButton: "Read How Timeshare Scams Work",
  checklistButton: "Get the Free Scam Checklist",
} as const;
