import { LEAD_FORM_INFO } from "../lead/forms";
import { link } from "./rich-text";
import {
  CALIFORNIA_11238,
  COLORADO_STATUTES,
  FIND_MY_AG,
  FLORIDA_721_10,
  FTC_TIMESHARES,
  NEVADA_NRS_119A,
  NEVADA_REAL_ESTATE_DIVISION,
  NORTH_CAROLINA_93A_45,
  NORTH_CAROLINA_REAL_ESTATE_COMMISSION,
  SOUTH_CAROLINA_27_32,
  SOUTH_CAROLINA_CONSUMER_AFFAIRS,
  TEXAS_TIMESHARE_ACT,
} from "./sources";
import type { Guide, Table } from "./types";

const info = LEAD_FORM_INFO["where-scams-thrive"];

/**
 * One row per state: its deadline and statute, what is weak, what to do. Each figure is read from
 * the statute named in the row (sources below); a state we could not verify is not listed.
 */
export const STATE_TABLE: Table = {
  kind: "table",
  caption: "Cancellation periods as each statute sets them. Check your state's current law before you rely on a date.",
  header: ["State", "Time to cancel, and the law", "What is weak there", "What to do"],
  widths: [0.8, 1.6, 1.5, 1.7],
  rows: [
    [
      "Colorado",
      "5 calendar days after the sale.\nC.R.S. §\u00a06-1-703(1)(b)",
      "Counted from the sale, not from when you receive the disclosures, with weekends and holidays included.",
      "Cancel in writing by mail, e-mail or hand delivery; mail counts when postmarked, e-mail when sent. Keep proof. Complaints: Colorado Attorney General.",
    ],
    [
      "Nevada",
      "Until midnight of the 5th calendar day after you sign.\nNRS\u00a0119A.410",
      "The clock starts when you sign, even if you read the disclosures later, and weekends count.",
      "Deliver the notice in person, or send it by certified mail (return receipt requested) or an overnight service with proof of delivery. Complaints: Nevada Real Estate Division.",
    ],
    [
      "North Carolina",
      "Until midnight of the 5th day after you sign or receive the public offering statement and required documents, whichever is later.\nN.C. Gen. Stat. §\u00a093A-45",
      "Five days, half of Florida's ten, and the statute does not skip weekends or holidays.",
      "Mail the notice (it counts from the postmark) or send it electronically before the deadline; it must actually reach the developer. Complaints: NC Real Estate Commission.",
    ],
    [
      "South Carolina",
      "5 days after you sign or receive the disclosure statement, whichever is later; a Sunday is skipped only if it is the 5th day.\nS.C. Code §\u00a027-32-40",
      "Weekends mostly count: only a Sunday that falls on the last day is skipped.",
      "Send written notice by certified mail, return receipt requested, or another method that proves delivery. Complaints: SC Department of Consumer Affairs.",
    ],
    [
      "Texas",
      "Before the 6th day after you sign and receive the contract or receive the disclosure statement, whichever is later.\nTex. Prop. Code §\u00a0221.041",
      "“Before the sixth day” means the fifth day is your last; many buyers count on a sixth.",
      "Send written notice to the developer's address in the contract, the way the contract says, and keep proof of delivery. Complaints: Texas Attorney General.",
    ],
  ],
};

export const WHERE_SCAMS_THRIVE: Guide = {
  form: info.form,
  title: info.documentTitle,
  subtitle: "Five states where timeshare buyers get the least time to change their minds: the deadline and the law, what is weak there, and what to do.",
  summary:
    "Colorado, Nevada, North Carolina, South Carolina and Texas give timeshare buyers five days to cancel, half of Florida's ten. This fact sheet gives each state's deadline and law, where protection is thin, and how to protect yourself.",
  lastReviewed: "2026-11-22",
  sections: [
    {
      heading: "How we chose these five states",
      blocks: [
        {
          kind: "paragraph",
          text: "States that regulate timeshare sales give buyers a short time after signing to cancel without penalty or reason, called the rescission or cancellation period. Sales presentations are built to get a signature on the day, often on vacation, so this window is a buyer's main protection. We compared its length, as the statutes set it, across popular timeshare destinations.",
        },
        {
          kind: "paragraph",
          text: "Colorado, Nevada, North Carolina, South Carolina and Texas give buyers five days, the shortest window among the states we checked. For comparison, Florida gives ten days (Fla. Stat. §\u00a0721.10) and California seven (Cal. Bus. & Prof. Code §\u00a011238). A five-day window can end before you are even home from the trip on which you signed.",
        },
        {
          kind: "paragraph",
          text: "We also looked at what each state's law says about the companies that offer to resell a timeshare or end the contract, because that is where most owners lose money later. Some of these states have such rules; we say which below. States not listed may give as little time or less: check your own state's current law.",
        },
        {
          kind: "paragraph",
          text: "Laws change. Each row names its statute so you can read it yourself (see Sources), and in all five states the law requires the seller to tell you in writing about your right to cancel. If the contract and this sheet differ, send your notice at once and ask your state attorney general.",
        },
      ],
    },
    {
      heading: "The five states at a glance",
      blocks: [STATE_TABLE],
    },
    {
      heading: "Resale and exit companies in these states",
      blocks: [
        {
          kind: "bullets",
          items: [
            "Colorado: the same section covers “time share resale services”. Misrepresenting a timeshare's resale value is a deceptive trade practice, and a contract for a resale service can also be cancelled within five calendar days (C.R.S. §\u00a06-1-703).",
            "Nevada: time-share resale brokers are regulated under NRS chapter 119A. A listing agreement with one must be in writing and can be cancelled until midnight of the fifth calendar day after you sign it (NRS\u00a0119A.4777).",
            "North Carolina: timeshare salespeople must generally hold a real estate broker licence, unless they are employees of the registered developer (N.C. Gen. Stat. §\u00a093A-40). Ask the North Carolina Real Estate Commission about anyone who offers to resell yours.",
            "South Carolina: a resale service provider must give you a written contract naming the company, the services, how long it lasts and every fee before it provides any service (S.C. Code §\u00a027-32-55).",
            "Texas: companies that offer, for a fee, to end an owner's contract or to sell, rent or transfer a timeshare are covered by Property Code chapter 221, subchapter J. False statements about a buyer, a timeshare's value or the chances of a sale are deceptive practices there, and so is urging an owner to stop paying the developer or association (§\u00a0221.110).",
          ],
        },
        {
          kind: "paragraph",
          text: "These rules let regulators act after the harm. They do not vet a company before it calls you, and they do not stop a company based in another state or country. Check any company yourself before you pay.",
        },
      ],
    },
    {
      heading: "What to do, wherever you bought",
      blocks: [
        {
          kind: "checklist",
          items: [
            "Find the cancellation section of your contract today, and write the deadline on your calendar.",
            "If you want out, write a short notice: your names, the resort, the contract number and date, and one sentence saying that you cancel the contract. Sign and date it. You do not have to give a reason.",
            "Send it before the deadline, the way the contract and your state's law say, and keep a copy and proof of sending and delivery.",
            "Do not rely on a phone call, or on a promise from the sales office that it will “take care of it”.",
            [
              "If your refund does not arrive, complain to your state attorney general (",
              link("find your attorney general", FIND_MY_AG.url),
              ") and to the agency that registers timeshares in the state where you bought.",
            ],
          ],
        },
        {
          kind: "callout",
          title: "Missed the deadline?",
          text: "You may still have options. Some developers take timeshares back through deed-back or surrender programmes: ask the developer directly and get any agreement in writing. If you were misled, a lawyer you choose yourself can tell you whether the contract can be challenged.",
          items: [
            [
              "Never pay an upfront fee to a company that promises to get you out: read ",
              link("Spotting Timeshare Exit Scams", LEAD_FORM_INFO["spotting-exit-scams"].path),
              " first.",
            ],
            [
              "Targeted by a resale or exit company? ",
              link("Report it to us", "/report-scam"),
              ", and ",
              link("sign the petition", "/petition"),
              " for a longer cancellation period in every state.",
            ],
          ],
        },
      ],
    },
  ],
  sources: [
    COLORADO_STATUTES,
    NEVADA_NRS_119A,
    NORTH_CAROLINA_93A_45,
    SOUTH_CAROLINA_27_32,
    TEXAS_TIMESHARE_ACT,
    FLORIDA_721_10,
    CALIFORNIA_11238,
    FTC_TIMESHARES,
    FIND_MY_AG,
    NEVADA_REAL_ESTATE_DIVISION,
    NORTH_CAROLINA_REAL_ESTATE_COMMISSION,
    SOUTH_CAROLINA_CONSUMER_AFFAIRS,
  ],
};
