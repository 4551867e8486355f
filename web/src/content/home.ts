/**
 * Every word of the home page "/" (spec "Home page"). HomePage.tsx only lays it out.
 *
 * Links name their target page; a link to a page that is not built yet (publicRoutes.ts) is hidden
 * until that page exists, while the text around it stays.
 */
import type { PlannedPath, PublicPath } from "../publicRoutes";
import { DEFAULT_PETITION_ID, SITE_NAME, sharePath } from "../site";
import type { SampleContent } from "./types";

export type HomeTarget = PublicPath | PlannedPath | `/share/${string}`;

export interface HomeLink {
  label: string;
  to: HomeTarget;
}

export interface TitledText {
  title: string;
  text: string;
}

export interface Testimonial extends SampleContent {
  name: string;
  place: string;
  quote: string;
  story: string;
}

export interface FactSheet {
  title: string;
  summary: string;
  link: HomeLink;
}

export interface Stat {
  value: string;
  label: string;
}

export interface WayToHelp extends TitledText {
  icon: "sign" | "share" | "report" | "download" | "donate";
  link: HomeLink;
}

export interface ExternalLink {
  /** One of the agencies' own sites (reportfraud.ftc.gov, ic3.gov). */
  href: string;
  label: string;
  text: string;
}

export const HERO = {
  eyebrow: `${SITE_NAME} · Nonprofit`,
  title: "Protecting timeshare owners and their families",
  lead: "Plain facts about your rights as an owner, warnings about the resale and exit scams aimed at you, and a petition for fair cancellation rights.",
  petition: { label: "Read and Sign the Petition", to: "/petition" },
  rights: { label: "Know Your Rights", to: "/consumer-rights" },
  note: "Our help is free. We do not sell timeshares, resale services or exit services.",
} as const satisfies Record<string, string | HomeLink>;

export const WHO_WE_ARE = {
  kicker: "Who we are",
  title: "A nonprofit on the owner's side",
  intro: `The ${SITE_NAME} stands with timeshare owners and with the families who inherit their contracts. We explain the rules in plain language, warn owners about the scams aimed at them, and campaign for laws that give every owner a fair way out.`,
  pillars: [
    {
      icon: "shield",
      title: "Independent",
      text: "We have no ties to timeshare developers, resale companies or exit companies, and nothing to sell you.",
    },
    {
      icon: "heart",
      title: "Free to every owner",
      text: "Our guides, checklists and fact sheets cost nothing. We never ask an owner for a fee in exchange for help.",
    },
    {
      icon: "users",
      title: "Shaped by owners",
      text: "What owners and their families tell us shapes our warnings and the changes we ask lawmakers to make.",
    },
  ],
} as const satisfies { kicker: string; title: string; intro: string; pillars: readonly (TitledText & { icon: string })[] };

export const STORIES = {
  kicker: "Owners' stories",
  title: "Nine owners, nine different traps",
  intro: "Each story shows a different way a timeshare can cost an owner money or peace of mind, and what would have helped.",
  /** The accessible name of the scrollable list. */
  regionLabel: "Owners' stories",
  hint: "Scroll sideways to read all nine stories. On a keyboard, move to the list with Tab and use the arrow keys.",
} as const;

const STORY_SAMPLE =
  "A real owner's account, published with their written permission: first name and last initial (or a name they chose), town and state, a short quote and what happened.";

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Carol W.",
    place: "Sarasota, Florida",
    quote: "They said a buyer was ready to pay $18,000. All I had to cover was the closing costs.",
    story:
      "The caller knew Carol's resort and week. She wired $2,950 for “closing costs and a title search”, then was asked for a “foreign buyer tax”. There was no buyer. A genuine resale agent is paid out of the sale, not before it.",
    replaceBeforeLaunch: `${STORY_SAMPLE} Kind of harm: a resale fee scam.`,
  },
  {
    name: "Dennis R.",
    place: "Mesa, Arizona",
    quote: "They told us to stop paying the maintenance fees. That advice cost us our credit.",
    story:
      "Dennis paid an exit company $6,500 after a free seminar promised a guaranteed exit. On their advice he stopped paying his fees. A year later the timeshare was still his, the account had gone to collections, and the company no longer answered.",
    replaceBeforeLaunch: `${STORY_SAMPLE} Kind of harm: an exit company.`,
  },
  {
    name: "Angela M.",
    place: "Dayton, Ohio",
    quote: "Mom's timeshare bill came two weeks after the funeral. I thought it was mine to pay.",
    story:
      "The resort asked Angela to pay the year's fees and take over the account. An estate lawyer explained that she could refuse (disclaim) the inheritance in writing, within nine months and before ever using the week. She did, and the timeshare stayed with the estate.",
    replaceBeforeLaunch: `${STORY_SAMPLE} Kind of harm: inherited timeshare debt.`,
  },
  {
    name: "Marcus T.",
    place: "Charlotte, North Carolina",
    quote: "The 90-minute tour took five hours. By the end we would have signed anything to leave.",
    story:
      "Marcus and his wife signed a $31,000 contract to end the pitch. That night they found the cancellation section, and the next morning they sent a signed cancellation letter by certified mail, well inside the state's deadline. Their deposit came back.",
    replaceBeforeLaunch: `${STORY_SAMPLE} Kind of harm: a high-pressure sale.`,
  },
  {
    name: "Barbara K.",
    place: "Scranton, Pennsylvania",
    quote: "We budgeted $700 a year. Now it is over $1,900, and we can't travel anymore.",
    story:
      "Barbara bought her week in 1998. The fees have gone up almost every year, with two special assessments for renovations on top. Now widowed and on a fixed income, she asked the resort to take the week back and was told the contract has no end date.",
    replaceBeforeLaunch: `${STORY_SAMPLE} Kind of harm: rising maintenance fees.`,
  },
  {
    name: "Gloria S.",
    place: "El Paso, Texas",
    quote: "The “law firm” knew exactly how much I had lost. That is how they got me a second time.",
    story:
      "After losing $4,000 to an exit company, Gloria was offered help recovering it for a $1,200 retainer. The caller knew her resort and her loss, so it sounded official. It was another scam. Government agencies never charge a fee to help you get money back.",
    replaceBeforeLaunch: `${STORY_SAMPLE} Kind of harm: a recovery scam.`,
  },
  {
    name: "Henry P.",
    place: "Knoxville, Tennessee",
    quote: "We went to an “owner update” to ask about our fees and came home with a new loan.",
    story:
      "At a meeting billed as an account review, Henry was told his deeded week would lose value unless he converted to points. The “upgrade” was a new purchase with a $24,000 loan. An upgrade usually comes with its own contract and cancellation deadline: read both first.",
    replaceBeforeLaunch: `${STORY_SAMPLE} Kind of harm: a pressured upgrade sold as an account review.`,
  },
  {
    name: "Patricia D.",
    place: "Bakersfield, California",
    quote: "They promised our week would rent for $2,000. We paid $599 to list it and never heard back.",
    story:
      "A rental company called Patricia with a renter “already lined up” for her unused week, if she paid an advertising fee by card that day. No renter ever appeared. She disputed the charge with her card company, which is worth doing quickly if you paid by card.",
    replaceBeforeLaunch: `${STORY_SAMPLE} Kind of harm: an upfront rental fee.`,
  },
  {
    name: "Walter J.",
    place: "Green Bay, Wisconsin",
    quote: "I nearly paid $5,000 to get out. The resort took the week back for a small transfer fee.",
    story:
      "Walter had an exit company's contract on the kitchen table when his son suggested calling the resort first. The developer ran a deed-back program for owners who are up to date on their fees. It took four months and some paperwork, and cost far less.",
    replaceBeforeLaunch: `${STORY_SAMPLE} Kind of harm: nearly paying an exit company when the developer's deed-back program was an option.`,
  },
];

export const PETITION = {
  kicker: "The petition",
  title: "Ask lawmakers for a fair way out",
  intro: "Timeshare contracts are easy to sign and hard to leave. Our petition asks lawmakers for three changes:",
  demands: [
    "Fair cancellation rights for every owner",
    "A longer rescission period, so buyers have real time to change their minds",
    "An end to automatic inheritance of timeshare debt",
  ],
  note: "Signing is free and takes about a minute.",
  button: { label: "Sign the Petition", to: "/petition" },
} as const satisfies { kicker: string; title: string; intro: string; demands: readonly string[]; note: string; button: HomeLink };

export const RIGHTS = {
  kicker: "Know your rights",
  title: "What every owner should know",
  intro: "The rules differ from state to state, but these points hold for most timeshare owners in the US.",
  points: [
    {
      title: "You can cancel a new purchase, but only for a few days",
      text: "State law gives buyers a cooling-off (rescission) period, usually 3 to 10 days. Your contract must say how to cancel: normally in writing, sent before the deadline, often by certified mail. Keep a copy and the receipt.",
    },
    {
      title: "Only what is in writing counts",
      text: "Promises made in a sales presentation about rentals, resale value or fees mean little unless they are in the contract. Ask for every promise in writing before you sign.",
    },
    {
      title: "Your children can say no",
      text: "Heirs are not obliged to accept a parent's timeshare. In most states an heir can formally refuse (disclaim) the inheritance in writing, usually within nine months of the death and before using the property.",
    },
    {
      title: "Nobody needs your money up front",
      text: "Legitimate resale agents are paid when a sale closes. Before you pay anyone, check the company with your state attorney general and local consumer protection office, and ask your resort about a deed-back or surrender program.",
    },
  ],
  button: { label: "Learn About Your Rights", to: "/consumer-rights" },
} as const satisfies { kicker: string; title: string; intro: string; points: readonly TitledText[]; button: HomeLink };

export const REPORT = {
  kicker: "Report a scam",
  title: "Seen a timeshare scam? Report it",
  intro: "Reports help us warn other owners and show investigators the pattern. You can report even if you did not lose any money.",
  kindsTitle: "What you can report",
  kinds: [
    "A call, letter or e-mail about a buyer for your timeshare that asks for fees up front",
    "An exit company that wants payment in advance to cancel your contract",
    "A sales presentation that pressured you or made promises that are not in the contract",
    "An offer to refund or recover money you already lost, for a fee",
    "Anything else about your timeshare that does not feel right",
  ],
  evidence: "Keep letters, e-mails, contracts, receipts and every name, phone number and website you were given.",
  authoritiesTitle: "Also tell the authorities",
  authoritiesIntro: "Reporting to us does not replace an official report. If you lost money, or someone asked for it, also report to:",
  authorities: [
    {
      href: "https://reportfraud.ftc.gov/",
      label: "Report to the FTC at ReportFraud.ftc.gov",
      text: "The Federal Trade Commission collects reports of fraud and shares them with law enforcement.",
    },
    {
      href: "https://www.ic3.gov/",
      label: "Report internet fraud to the FBI at IC3.gov",
      text: "The FBI's Internet Crime Complaint Center takes reports of fraud that happened online or by e-mail.",
    },
  ],
  stateAuthority: "Your state attorney general's office, which handles consumer complaints about timeshare companies in your state.",
  button: { label: "Report a Scam", to: "/timeshare-scam" },
} as const satisfies {
  kicker: string;
  title: string;
  intro: string;
  kindsTitle: string;
  kinds: readonly string[];
  evidence: string;
  authoritiesTitle: string;
  authoritiesIntro: string;
  authorities: readonly ExternalLink[];
  stateAuthority: string;
  button: HomeLink;
};

export const FACT_SHEETS = {
  kicker: "Free resources",
  title: "Fact sheets and guides",
  intro: "Free to download. Tell us where to send them and they arrive in your inbox.",
  sheets: [
    {
      title: "Where Timeshare Scams Thrive",
      summary: "The five states with the weakest protections for timeshare owners, and what that means if you own or buy there.",
      link: { label: "Get the Fact Sheet", to: "/where-scams-thrive" },
    },
    {
      title: "Before You Sign a Contract",
      summary: "The questions to ask and the terms to check before you sign a timeshare purchase or an upgrade.",
      link: { label: "Get the Contract Guide", to: "/before-you-sign" },
    },
    {
      title: "Spotting Exit Scams",
      summary: "How fake exit companies work, the warning signs to look for, and safer ways out of a timeshare.",
      link: { label: "Get the Exit-Scam Guide", to: "/spotting-exit-scams" },
    },
  ],
} as const satisfies { kicker: string; title: string; intro: string; sheets: readonly FactSheet[] };

export const WHY = {
  kicker: "Why this matters",
  title: "A vacation should not become a lifelong debt",
  intro:
    "Many timeshare contracts have no end date. When fees rise, health fails or an owner dies, the bills keep coming, and scammers count on exactly that moment.",
  statsLabel: "Timeshare figures",
  stats: [
    { value: "87%", label: "of owners regret their purchase" },
    { value: "3-10 days", label: "is all most buyers get to cancel" },
    { value: "$22K", label: "average loss per owner" },
  ],
  points: [
    {
      title: "Fees only go up",
      text: "Maintenance fees and special assessments can rise every year, long after the owner has stopped using the week or can no longer travel.",
    },
    {
      title: "Families inherit the problem",
      text: "When an owner dies, the resort often bills the children. Many do not know they can refuse the inheritance, or miss the deadline.",
    },
    {
      title: "Scams feed on desperation",
      text: "With no fair way out, owners pay upfront fees to fake buyers and exit companies, and then to “recovery” firms that promise to get the money back.",
    },
  ],
} as const satisfies { kicker: string; title: string; intro: string; statsLabel: string; stats: readonly Stat[]; points: readonly TitledText[] };

export const WAYS_TO_HELP = {
  kicker: "Get involved",
  title: "Ways you can help",
  ways: [
    {
      icon: "sign",
      title: "Sign the petition",
      text: "Add your name to the call for fair cancellation rights and an end to inherited timeshare debt.",
      link: { label: "Read the petition", to: "/petition" },
    },
    {
      icon: "share",
      title: "Share it with your family",
      text: "Parents and grandparents are often the ones targeted, and children may inherit the contract. Talk about the timeshare before it becomes their problem.",
      link: { label: "Share the petition", to: sharePath(DEFAULT_PETITION_ID) as `/share/${string}` },
    },
    {
      icon: "report",
      title: "Report a scam",
      text: "If a company asked you for money up front, tell us. Every report helps us warn the next owner.",
      link: { label: "Tell us what happened", to: "/timeshare-scam" },
    },
    {
      icon: "download",
      title: "Download the checklist",
      text: "Our free checklist helps you test any resale, rental or exit offer before you pay a cent. Keep a copy by the phone.",
      link: { label: "Get the checklist", to: "/timeshare-scam-checklist" },
    },
    {
      icon: "donate",
      title: "Donate",
      text: "Gifts pay for our free guides, support for owners and the campaign for fair timeshare laws.",
      link: { label: "Make a donation", to: "/donate" },
    },
  ],
} as const satisfies { kicker: string; title: string; ways: readonly WayToHelp[] };

export const CLOSING = {
  title: "Check before you sign or pay anyone",
  text: "Never pay a reseller or exit company up front, get every promise in writing, and look the company up with your state attorney general first.",
  rights: { label: "Read Your Rights", to: "/consumer-rights" },
  checklist: { label: "Get the Free Checklist", to: "/timeshare-scam-checklist" },
} as const satisfies { title: string; text: string; rights: HomeLink; checklist: HomeLink };
