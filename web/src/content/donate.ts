/**
 * Every word of the donate information page (/donate; spec §2 "Donation pages": 'Join the Movement'
 * with several Donate buttons to the static page /donation.html).
 */
import type { SampleContent } from "./types";

export interface TitledText {
  title: string;
  text: string;
}

/** Which drawn icon a card shows (the page maps the name to the SVG). */
export type DonateIcon = "file" | "users" | "alert" | "megaphone";

export interface GiftUse extends TitledText {
  icon: DonateIcon;
}

/** A fact about the foundation that only it can confirm: shown as written until it does. */
export type AccountabilityItem = TitledText & Partial<SampleContent>;

/** Another way to help, with its button (hidden while its page is still to be built). */
export interface WayToHelp extends TitledText {
  button: string;
  /** "sign": the default petition's sign page; otherwise a page of the site. */
  to: "sign" | "/petition" | "/consumer-rights" | "/report-scam";
}

export const HERO = {
  eyebrow: "Support the foundation",
  title: "Join the Movement",
  lead: "Too many families are stuck with timeshare contracts they cannot leave, fees that keep rising and debts passed down to children. Your donation helps them know their rights, avoid scams and win fair cancellation rights.",
  donateButton: "Donate Now",
} as const;

export const GIFT_USES = {
  kicker: "Where your money goes",
  title: "What Your Gift Pays For",
  intro: "We never charge owners for help. Donations pay for the work that protects them.",
  items: [
    {
      icon: "file",
      title: "Legal research",
      text: "We study each state's timeshare rules (rescission periods, disclosure requirements, what heirs can refuse) to write plain-language guides and a concrete reform proposal.",
    },
    {
      icon: "users",
      title: "Support for owners and families",
      text: "We help owners and heirs understand their options: how to cancel within the rescission period, how to refuse an inherited timeshare, and how to ask a developer about deed-back.",
      replaceBeforeLaunch: "How the foundation supports owners in practice (helpline number and hours, e-mail, or call-back form); adjust this text to match.",
    },
    {
      icon: "alert",
      title: "Scam alerts",
      text: "We track the resale, exit and recovery scams owners report to us and warn others before they pay an upfront fee to someone who will do nothing.",
    },
    {
      icon: "megaphone",
      title: "The petition campaign",
      text: "We carry the petition for fair cancellation rights, a longer rescission period and an end to inherited timeshare debt to state and federal lawmakers.",
    },
  ] satisfies readonly (GiftUse & Partial<SampleContent>)[],
  donateButton: "Donate to Support Owners",
} as const;

export const ACCOUNTABILITY = {
  kicker: "Accountability",
  title: "How We Are Funded and Held Accountable",
  intro: "You should know exactly who you are giving to. Here is how the foundation is funded and how you can check it.",
  items: [
    {
      title: "Funded by donors, not the industry",
      text: "We do not sell timeshares, resale services or exit services, and we take no money from companies that do. Our work is paid for by people who give, one donation at a time.",
      replaceBeforeLaunch: "Confirm the foundation's funding sources and that it accepts no money from developers, resale or exit companies.",
    },
    {
      title: "A registered nonprofit",
      text: "The Timeshare Owners Foundation is a nonprofit organisation. Before you give, ask us for our tax-exempt status and Employer Identification Number (EIN); you can check both in the IRS Tax Exempt Organization Search.",
      replaceBeforeLaunch: "The foundation's tax status (for example 501(c)(3) public charity), its EIN, and whether gifts are tax-deductible.",
    },
    {
      title: "An annual report you can read",
      text: "Each year we publish what we raised, what we spent it on and what the campaign achieved.",
      replaceBeforeLaunch: "A link to the latest annual report and financial statement (or remove this item until the first one is published).",
    },
    {
      title: "Secure payments and a receipt",
      text: "Donations are taken by our payment provider on its own secure page; we never see your card number. The provider e-mails you a receipt for every gift.",
      replaceBeforeLaunch: "Name the payment provider and confirm that it e-mails every donor a receipt.",
    },
  ] satisfies readonly AccountabilityItem[],
} as const;

export const OTHER_WAYS = {
  kicker: "No money needed",
  title: "Other Ways to Help",
  items: [
    {
      title: "Sign the petition",
      text: "Add your name to the call for fair cancellation rights, a longer rescission period and an end to inherited timeshare debt. It is free and takes a minute.",
      button: "Sign the Petition",
      to: "sign",
    },
    {
      title: "Share it with other owners",
      text: "Send the petition to family, friends and fellow owners. Most people who sign hear about it from someone they know.",
      button: "Read the Petition",
      to: "/petition",
    },
    {
      title: "Know your rights",
      text: "Learn what the law gives owners and heirs today, and pass it on to someone who is about to sign or has just inherited.",
      button: "Read About Your Rights",
      to: "/consumer-rights",
    },
    {
      title: "Report a scam",
      text: "If a resale or exit company asked you for money up front, tell us. Your report helps us warn other owners.",
      button: "Report a Scam",
      to: "/report-scam",
    },
  ] satisfies readonly WayToHelp[],
} as const;

export const FINAL_CTA = {
  title: "Every Gift Protects a Family",
  text: "Stand with owners and heirs against unfair contracts, inherited debt and exit scams.",
  donateButton: "Donate Today",
} as const;
