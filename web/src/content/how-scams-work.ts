/**
 * Words of the education page "How Timeshare Scams Work", /how-timeshare-scams-work (spec:
 * awareness-reports-leads §2 "Education pages"; warning signs from §1).
 */

export type ScamFamilyIcon = "home" | "dollar" | "exit" | "users";

export interface TitledText {
  title: string;
  text: string;
}

export interface ScamFamily {
  icon: ScamFamilyIcon;
  title: string;
  /** How it works, in plain words. */
  text: string;
  /** The giveaway. */
  tell: string;
}

export const HERO = {
  eyebrow: "Scam education",
  title: "How Timeshare Scams Work",
  lead: "Most timeshare scams follow the same script. Learn it once, and you will recognise it the next time the phone rings, whether the caller offers a buyer, a way out or your money back.",
  reportButton: "Report a Scam",
} as const;

export const TRAP = {
  kicker: "Step by step",
  title: "The Timeshare Scam Trap",
  intro: "Resale, exit and recovery scams change their names often, but most unfold in the same five steps.",
  steps: [
    {
      title: "The contact out of the blue",
      text: "A call, letter or e-mail you never asked for: a buyer is waiting for your timeshare, or a company can end your contract for good. The caller may already know your name and your resort.",
    },
    {
      title: "The pitch",
      text: "The offer sounds perfect: a price above what you paid, a guaranteed exit, a lawyer on your side. The paperwork looks official, and you are pressed to decide now before the “buyer” walks away.",
    },
    {
      title: "The upfront fee",
      text: "Before anything can happen you must pay: “closing costs”, an “appraisal”, “marketing”, taxes, or an exit fee of several thousand dollars, often by wire transfer or another payment that is hard to reverse.",
    },
    {
      title: "The stalling and the new fees",
      text: "The sale or exit is “almost done”, but a new charge appears: a title fee, an escrow fee, a tax. Each is the last one. Exit companies tell you to stop paying maintenance fees meanwhile, and the unpaid fees can go to collections and hurt your credit.",
    },
    {
      title: "The disappearance and the recovery scam",
      text: "The calls stop, the website goes dark and the number is disconnected. Later someone new calls, a “lawyer”, an “investigator” or a “government agency”, offering to get your money back for a fee. It is the same scam again.",
    },
  ] satisfies TitledText[],
} as const;

export const FAMILIES = {
  kicker: "Know the schemes",
  title: "Four Scams Every Owner Should Know",
  intro: "Each one preys on an owner who wants out, or on a family that never wanted in.",
  tellLabel: "The giveaway:",
  families: [
    {
      icon: "home",
      title: "Resale scams",
      text: "A “reseller” or “broker” contacts you to say there is a buyer ready for your timeshare, or that demand for your resort is high. To list, advertise or close the sale, you have to pay first. There is no buyer, and the fee is gone.",
      tell: "a buyer you never looked for, and a fee before any money reaches you.",
    },
    {
      icon: "dollar",
      title: "Upfront-fee scams",
      text: "Any service (a sale, a rental, an appraisal, a transfer, a cancellation) that must be paid for before anything is done. The fee changes its name: closing costs, taxes, escrow, title, marketing. The FTC's advice is plain: never pay an upfront fee to a reseller or exit company.",
      tell: "you pay now, and the result is always coming later.",
    },
    {
      icon: "exit",
      title: "Exit scams",
      text: "“Exit” or “transfer” companies promise to end your contract for good, often with a money-back guarantee. They charge thousands up front, tell you to stop paying your maintenance fees, which damages your credit, and often do nothing at all.",
      tell: "advice to stop paying the resort, and a large fee before any work is done.",
    },
    {
      icon: "users",
      title: "Inheritance scams",
      text: "After an owner dies, heirs are told they must take over the timeshare and its fees, then sold a paid “service” to get rid of it. Heirs are not automatically obliged to accept a timeshare: in most states an heir can formally refuse (disclaim) an inheritance, usually in writing within nine months of the death and before using the property. Some developers also run deed-back or surrender programmes.",
      tell: "pressure on a grieving family to pay someone before anyone has checked what the law allows.",
    },
  ] satisfies ScamFamily[],
} as const;

export const WARNING_SIGNS = {
  kicker: "Red flags",
  title: "Warning Signs to Watch For",
  intro: "Any one of these is a reason to stop, hang up and check the company before you go any further.",
  signs: [
    {
      title: "Fake offer",
      text: "A buyer or renter you never looked for, a price well above what your timeshare is worth, or a “guaranteed” sale.",
    },
    {
      title: "High-pressure sales pitch",
      text: "“Today only” prices, presentations that last for hours, or a caller who insists you decide before hanging up.",
    },
    {
      title: "Hidden fees and legal traps",
      text: "Charges that show up only in the fine print, and spoken promises that are not written into the contract.",
    },
    {
      title: "Difficulty cancelling or reselling",
      text: "No one will tell you how to cancel, or you cannot find a real buyer. Scammers step into exactly that gap.",
    },
    {
      title: "Financial loss or credit damage",
      text: "Advice to stop paying your maintenance fees or loan, which leads to collections and a damaged credit score.",
    },
    {
      title: "Upfront fees",
      text: "Any request for money before a sale closes or a job is done, especially by wire transfer, gift card or payment app.",
    },
    {
      title: "No written exit policy",
      text: "A company that will not put its promises, refund terms or cancellation steps in writing before you pay.",
    },
  ] satisfies TitledText[],
} as const;

export const SAFETY = {
  kicker: "Protect yourself",
  title: "Your Guide to Safety",
  intro: "Three habits protect you against every scheme on this page.",
  tips: [
    {
      title: "Never pay up front",
      text: "Do not pay a reseller or exit company before your timeshare is sold or your contract has ended. A real buyer does not need your money first.",
    },
    {
      title: "Get every promise in writing",
      text: "Ask for the company's full name and address, its fees, its refund policy and exactly what it will do, in writing, before you agree to anything. If a promise is not written down, do not count on it.",
    },
    {
      title: "Check before you trust",
      text: "Look the company up with your state attorney general and your local consumer protection office, and call your resort on the number in your own paperwork: some developers run their own deed-back or surrender programmes.",
    },
  ] satisfies TitledText[],
} as const;

export const CLOSING = {
  title: "Take Control Today",
  text: "Seen any of these steps or signs? Report it, even if you did not pay. Your report helps us warn the next owner.",
  reportButton: "Report a Scam Now",
} as const;
