/**
 * Every word of the consumer-rights page (/consumer-rights; spec §2 "Consumer Rights page"): hero,
 * 'Timeshare Owners Denied Their Rights' cards, inherited debt, mission, 3-step strategy, donate
 * banner, urgent warning. Every button signs the default petition, except the donate banner's.
 */

/** A titled paragraph: a card, a step or a list entry. */
export interface TitledText {
  title: string;
  text: string;
}

/** Which drawn icon a card shows (the page maps the name to the SVG). */
export type RightsIcon = "lock" | "clock" | "dollar" | "users" | "alert" | "shield";

export interface DeniedRight extends TitledText {
  icon: RightsIcon;
}

/** A link to an official reporting or advice site (FTC, IC3): opened in the same tab. */
export interface OfficialLink {
  /** The link's whole visible text: says where it goes. */
  label: string;
  href: "https://reportfraud.ftc.gov" | "https://www.ic3.gov" | "https://consumer.ftc.gov";
  /** What the link is for, shown after it. */
  text: string;
}

export const HERO = {
  eyebrow: "Know your rights",
  title: "Your Rights as a Timeshare Owner",
  lead: "Timeshare contracts are written by the seller, and the law gives owners very little room to change their minds or get out. Here is what protects you today, where it falls short, and what we are asking lawmakers to change.",
  signButton: "Sign the Petition Now",
} as const;

export const DENIED_RIGHTS = {
  kicker: "The problem",
  title: "Timeshare Owners Denied Their Rights",
  intro: "These are the traps owners and their families tell us about most often. Each one is legal today.",
  cards: [
    {
      icon: "lock",
      title: "Contracts with no end date",
      text: "Many timeshare contracts run “in perpetuity” or for decades, with no right to hand the property back when your health, age or finances change. Many timeshares have little or no resale value, so selling is rarely a way out.",
    },
    {
      icon: "clock",
      title: "Only days to change your mind",
      text: "The cancellation (“rescission”) period is set by state law and runs from about 3 to 15 days, depending on the state. The clock often starts on the day of a long sales pitch, and the notice usually has to be sent in writing, by certified mail, before the deadline.",
    },
    {
      icon: "dollar",
      title: "Maintenance fees that keep rising",
      text: "Owners pay yearly maintenance fees and special assessments whether or not they use the property, and the resort or owners' association can raise them. Unpaid fees can be sent to collections and damage your credit.",
    },
    {
      icon: "users",
      title: "Obligations handed to heirs",
      text: "When an owner dies, the timeshare becomes part of the estate, and families are often told they must take over the fees. Few are told that in most states an heir can refuse the inheritance.",
    },
    {
      icon: "alert",
      title: "Misleading sales presentations",
      text: "A “free” breakfast or vacation turns into hours of high-pressure selling. Spoken promises about investment value, easy resale or rental income often appear nowhere in the contract, and only the written contract counts.",
    },
    {
      icon: "shield",
      title: "No fair way out, so scammers step in",
      text: "With no official exit, owners are targeted by resale and “exit” companies that charge thousands of dollars up front and then do little or nothing.",
    },
  ] satisfies readonly DeniedRight[],
} as const;

export const INHERITED_DEBT = {
  kicker: "Inherited debt",
  title: "Inherited a Timeshare? You May Be Able to Say No",
  intro:
    "You are not automatically obliged to accept a timeshare because a parent or relative owned one. Before you accept it, use it or pay anything, know your options.",
  options: [
    {
      title: "You can usually refuse (disclaim) it",
      text: "In most states an heir can formally refuse an inheritance with a written disclaimer. It usually has to be made within nine months of the death, and before you have used the property or accepted any benefit from it.",
    },
    {
      title: "Do not use it or pay its fees before you decide",
      text: "Booking a stay, using points or paying maintenance fees can count as accepting the timeshare and may cost you the right to refuse it. As a rule, debts the owner left behind are paid from the estate, not from the heirs' own money, unless an heir co-signed or co-owned.",
    },
    {
      title: "Get advice from a probate attorney",
      text: "Deadlines and forms differ from state to state. A probate or estate attorney in the state where the estate is handled can tell you what applies to your family before a deadline passes.",
    },
    {
      title: "Ask the developer about a deed-back programme",
      text: "Some developers run deed-back or surrender programmes that take a timeshare back from an owner or an estate. Ask the resort directly and get any agreement in writing; you do not need to pay an “exit company” to make that request.",
    },
  ] satisfies readonly TitledText[],
  note: "Be wary of anyone who contacts the family after a death offering to take the timeshare off your hands for an upfront fee.",
  signButton: "Sign to End Inherited Timeshare Debt",
} as const;

export const MISSION = {
  kicker: "Our mission",
  title: "Fair Rules for Every Timeshare Owner",
  paragraphs: [
    "The Timeshare Owners Foundation is a nonprofit that stands with timeshare owners and their families. We explain owners' rights in plain language, warn about resale, exit and recovery scams, and campaign for laws that make timeshare contracts fair.",
    "We do not sell timeshares, resale services or exit services, and we never charge owners for help.",
  ],
  demandsTitle: "The petition asks lawmakers for:",
  demands: ["Fair cancellation rights for every owner", "A longer rescission period to change your mind", "An end to automatic inheritance of timeshare debt"],
} as const;

export const STRATEGY = {
  kicker: "How we win",
  title: "Our 3-Step Strategy",
  steps: [
    {
      title: "Inform owners",
      text: "Plain-language guidance on rescission, fees, inheritance and scams, so owners and families know their options before they sign, pay or give up.",
    },
    {
      title: "Show the scale of the problem",
      text: "Every signature and every story shows lawmakers how many families are trapped, and how: contracts with no exit, fees that keep rising, debt passed to children.",
    },
    {
      title: "Press lawmakers for change",
      text: "We take the petition to state and federal representatives with a concrete proposal: fair cancellation rights, a longer rescission period and no automatic inheritance of timeshare debt.",
    },
  ] satisfies readonly TitledText[],
  signButton: "Add Your Name to the Petition",
} as const;

export const DONATE_BANNER = {
  title: "Help Us Defend Owners' Rights",
  text: "Your gift pays for legal research, scam alerts, support for owners and families, and the campaign that puts this petition in front of lawmakers.",
  button: "Donate to the Campaign",
} as const;

export const URGENT_WARNING = {
  kicker: "Urgent warning",
  title: "Never Pay Up Front to Get Out of a Timeshare",
  intro: "Scammers target owners who want out and families who have just inherited. Stop and check before you pay anyone if you see any of these signs:",
  redFlagsTitle: "Red flags",
  redFlags: [
    "A caller says a buyer is waiting and asks for “closing costs”, an “appraisal” or “marketing” fees before the sale.",
    "An exit company wants thousands of dollars before doing anything, or guarantees it can get you out.",
    "You are told to stop paying your maintenance fees. That damages your credit, and the contract still stands.",
    "Someone offers to recover money you lost to an earlier scam, for a fee.",
    "You are pushed to decide today, or promises are made that are not in writing.",
  ],
  protectTitle: "Protect yourself",
  protect: [
    "Never pay an upfront fee to a resale or exit company.",
    "Get every promise in writing before you sign or pay.",
    "Check the company with your state attorney general and your local consumer protection office.",
    "If you are still within your rescission period, cancel the way your contract says: in writing, usually by certified mail, before the deadline.",
  ],
  reportTitle: "Report a scam",
  reportIntro: "If you have been targeted, report it, even if you did not lose money. Tell your state attorney general as well.",
  reportLinks: [
    {
      label: "Report fraud to the FTC at ReportFraud.ftc.gov",
      href: "https://reportfraud.ftc.gov",
      text: "The Federal Trade Commission collects reports of scams and shares them with law enforcement.",
    },
    {
      label: "Report internet fraud to the FBI at ic3.gov",
      href: "https://www.ic3.gov",
      text: "The FBI's Internet Crime Complaint Center, for scams carried out online or by e-mail.",
    },
    {
      label: "Read the FTC's consumer advice at consumer.ftc.gov",
      href: "https://consumer.ftc.gov",
      text: "Plain-language advice on timeshares, resale and exit offers, and recovery scams.",
    },
  ] satisfies readonly OfficialLink[],
  signButton: "Sign the Petition to Stop the Traps",
} as const;
