/**
 * Words of the education page "Timeshare Scam Awareness", /timeshare-scam-awareness (spec:
 * awareness-reports-leads §2 "Education pages"; the 3-step safety plan from §1).
 */
import { SITE_NAME } from "../site";

export type AwarenessIcon = "home" | "exit" | "users";

export interface IconCard {
  icon: AwarenessIcon;
  title: string;
  text: string;
}

export interface OutcomeCard {
  title: string;
  intro: string;
  items: readonly string[];
}

export const HERO = {
  eyebrow: "Scam awareness",
  title: "Timeshare Scam Awareness",
  lead: "Scammers target timeshare owners because they know how hard it is to get out of a contract. Knowing their tactics is your best defence, and speaking up protects the next family.",
  joinButton: "Join the Fight Now",
} as const;

export const DANGERS = {
  kicker: "The dangers",
  title: "Three Dangers Every Owner Faces",
  intro: "They start with different promises and end the same way: the money is gone and the timeshare is still yours.",
  cards: [
    {
      icon: "home",
      title: "Fake buyers and resale offers",
      text: "A caller has a buyer ready at a great price, then asks for “closing costs”, an “appraisal” or “marketing” fees. There is no buyer, and the fees are gone.",
    },
    {
      icon: "exit",
      title: "Exit companies that take and vanish",
      text: "They charge thousands up front to end your contract and tell you to stop paying maintenance fees. Often they do nothing, and you are left with the timeshare, the fees and damaged credit.",
    },
    {
      icon: "users",
      title: "Timeshare debt aimed at your family",
      text: "Heirs are told they must take over a parent's timeshare and its fees, then sold a paid way out. In most states an heir can formally refuse (disclaim) the inheritance instead.",
    },
  ] satisfies IconCard[],
} as const;

export const ALLY = {
  kicker: "Who we are",
  title: "Your Expert Ally",
  text: `The ${SITE_NAME} is a nonprofit that stands with timeshare owners and their families. We do not sell timeshares, resale services or exit services, and we never charge owners for help.`,
  listTitle: "What we do for owners",
  points: [
    "Collect scam reports and trace repeat company names, phone numbers and scripts",
    "Explain, in plain language, how resale, exit and inheritance scams work",
    "Point owners to the agencies that can act: the FTC, state attorneys general and the FBI's IC3",
    "Campaign for fair cancellation rights, a longer rescission period and an end to automatic inheritance of timeshare debt",
  ],
  learnButton: "Learn How Timeshare Scams Work",
} as const;

export const SAFETY_PLAN = {
  kicker: "Your safety plan",
  title: "3 Steps to Stay Safe",
  intro: "Follow these three steps every time someone offers to buy your timeshare, get you out of it or win back your money.",
  steps: [
    {
      title: "Research the company",
      text: "Check the company's exact name with your state attorney general and your local consumer protection office, and call your resort on the number in your own paperwork, not the one the caller gives you.",
    },
    {
      title: "Take time and avoid pressure",
      text: "A real offer will still be there tomorrow. Never decide on the phone or at a presentation, get every promise in writing, and talk it over with someone you trust. Just bought? State law gives you a few days (roughly 3 to 15, depending on the state) to cancel in writing, usually by certified mail before the deadline; your contract must say how.",
    },
    {
      title: "Report red flags",
      text: "Upfront fees, “today only” deadlines and promises you cannot get in writing: report them to us, to the FTC at ReportFraud.ftc.gov and to your state attorney general. Your report can stop the next call.",
    },
  ],
} as const;

export const OUTCOMES = {
  kicker: "Two paths",
  title: "Where Each Choice Leads",
  success: {
    title: "Owners who follow the plan",
    intro: "Keep their money and their choices:",
    items: [
      "They check every company before they answer",
      "They pay nothing until a sale closes or the job is done",
      "They have every promise in writing",
      "They report red flags, so scammers lose their next target",
    ],
  } satisfies OutcomeCard,
  risk: {
    title: "Owners who are rushed",
    intro: "Put their savings and their credit at risk:",
    items: [
      "They decide on the phone or at the presentation",
      "They pay “closing costs” or exit fees up front",
      "They stop paying maintenance fees on a stranger's advice",
      "They stay silent, and the same scam moves on to the next family",
    ],
  } satisfies OutcomeCard,
} as const;

export const CLOSING = {
  title: "Stand With Owners Everywhere",
  text: "Scammers thrive because owners have no fair way out. Sign the petition for fair cancellation rights, a longer rescission period and an end to automatic inheritance of timeshare debt.",
  signButton: "Sign the Petition Now",
} as const;
