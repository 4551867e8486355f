import { LEAD_FORM_INFO } from "../lead/forms";
import { link } from "./rich-text";
import { FIND_MY_AG, FTC_TIMESHARES, NEVADA_NAC_119A, SOUTH_CAROLINA_27_32 } from "./sources";
import type { Guide } from "./types";

const info = LEAD_FORM_INFO["before-you-sign"];

export const BEFORE_YOU_SIGN: Guide = {
  form: info.form,
  title: info.documentTitle,
  subtitle: "What to ask, what to read and what to refuse before you commit to years of fees.",
  summary:
    "A plain-English guide for anyone invited to a timeshare sales presentation: how the pitch works, what a timeshare really costs, what to check in the contract, and how to cancel if you change your mind.",
  lastReviewed: "2026-11-22",
  sections: [
    {
      heading: "Before the presentation",
      blocks: [
        {
          kind: "paragraph",
          text: "A free meal, show tickets or a cheap stay usually come with a sales presentation that can last for hours. You can accept the gift and still say no. Decide before you go that you will not sign anything that day.",
        },
        {
          kind: "bullets",
          items: [
            "Ask how long the presentation lasts and what you must do to receive the gift, and get the answer in writing.",
            "Go with someone you trust, and agree on a signal to leave.",
            "Leave your cards and chequebook behind if you worry about being talked into a deposit.",
            "Remember that you can walk out at any time.",
          ],
        },
      ],
    },
    {
      heading: "How the pitch works",
      blocks: [
        {
          kind: "bullets",
          items: [
            "“Today only” prices and bonuses are there to stop you comparing. A fair offer will still be there tomorrow; if it is not, you have lost nothing.",
            "A second or third salesperson arrives with a lower price. Treat the first price as an opening bid.",
            "You hear about investment, rental income or easy resale. Buy a timeshare only for the vacations you will take: many resell for far less than their price, if they sell at all. South Carolina even requires the disclosure statement to tell buyers to purchase as a vacation experience for personal use (S.C. Code §\u00a027-32-100).",
            "You are told you can book whenever and wherever you like. Ask to see the booking rules and last year's availability for the weeks you want.",
          ],
        },
      ],
    },
    {
      heading: "Know what you are buying",
      blocks: [
        {
          kind: "bullets",
          items: [
            "A deeded timeshare is real property: you own a share of a unit, with a deed. A right-to-use timeshare is a lease, licence or club membership that lets you use the property for a set time.",
            "A fixed week is the same week every year; a floating week must be booked within a season; points are a currency you spend on stays, at point prices the club sets.",
            "How long it runs: some contracts have no end date and pass to your estate; others end after a set number of years.",
            "Trading your time for another resort goes through an exchange company, costs extra fees and depends on availability. It is not guaranteed.",
            "Ask who manages the resort, and who can raise fees or change the rules.",
          ],
        },
      ],
    },
    {
      heading: "Count the full cost",
      blocks: [
        {
          kind: "paragraph",
          text: "The price is only the start. Ask for each of these in writing before you decide.",
        },
        {
          kind: "table",
          caption: "What to ask about each cost",
          header: ["Cost", "What to ask"],
          widths: [1, 2.6],
          rows: [
            ["Purchase price", "The total price, and what the same resort and week sell for on resale listings."],
            ["Financing", "The interest rate, the number of payments and the total you will repay. Compare it with a loan from your own bank."],
            [
              "Maintenance fees",
              "This year's fee and what it was in each of the last five years. Fees are charged whether or not you travel, and they can rise every year.",
            ],
            ["Special assessments", "Whether any are planned, who decides them, and what the last ones were for (repairs, storms, renovations)."],
            ["Club and exchange fees", "Membership dues, exchange fees and booking charges."],
            ["Property tax", "Whether it is billed separately on a deeded week."],
            ["Getting out", "Whether the developer has a deed-back or surrender programme, and what it costs."],
          ],
        },
      ],
    },
    {
      heading: "Read the contract and the disclosures",
      blocks: [
        {
          kind: "paragraph",
          text: "State timeshare laws generally require the seller to give you a disclosure document, often called the public offering statement, that sets out the costs, rules and your rights. Read it and the contract away from the sales room, and check each of these.",
        },
        {
          kind: "checklist",
          items: [
            "Every spoken promise is written in the contract. Many contracts say that nothing outside the written contract counts. (Nevada goes further: a contract may not say that the buyer received no spoken or implied promises beyond it, NAC 119A.255.)",
            "The contract states the cancellation deadline, the address for the notice and how to send it.",
            "You know what happens if you stop paying: late fees, collections, damage to your credit, and foreclosure on a deeded timeshare.",
            "You know whether you may sell, rent or give the timeshare away, and whether the developer has a right to buy it first.",
            "You know what happens to the timeshare when you die, and whether your heirs would be asked to take over the fees.",
            "You have the names of everyone who sold it to you.",
          ],
        },
      ],
    },
    {
      heading: "Think about your family",
      blocks: [
        {
          kind: "paragraph",
          text: "A timeshare with no end date can outlive you, and your family may be asked to keep paying. In most states an heir can refuse (disclaim) an inheritance, often within nine months of the death and before using it, but the rules vary: a probate lawyer in your state can tell you what applies. Talk it over with your family before you sign.",
        },
      ],
    },
    {
      heading: "If you change your mind",
      blocks: [
        {
          kind: "paragraph",
          text: [
            "State law gives you a few days after signing to cancel without penalty and without giving a reason. In some states it is only five days: see ",
            link("Where Timeshare Scams Thrive", LEAD_FORM_INFO["where-scams-thrive"].path),
            " for five of them.",
          ],
        },
        {
          kind: "checklist",
          items: [
            "Write the deadline on your calendar the day you sign.",
            "Write a notice: your names, the resort, the contract number and date, and one sentence saying that you cancel the contract. Sign and date it.",
            "Send it before the deadline, by the method the contract names (often certified mail, return receipt requested), and keep a copy and proof of sending and delivery.",
            "Do not let the sales office talk you out of it, and do not accept a “downgrade” instead of cancelling unless that is what you want.",
            ["If your refund does not arrive, complain to your state attorney general (", link("find your attorney general", FIND_MY_AG.url), ")."],
          ],
        },
      ],
    },
    {
      heading: "Red flags",
      blocks: [
        {
          kind: "callout",
          title: "Walk away if any of these happens",
          text: "Each is a sign that the deal will not look better tomorrow, when you have read it.",
          items: [
            "You are told the price or the bonus ends today.",
            "You are pressed to sign before you have read the contract and the disclosures.",
            "A promise you care about is not written in the contract.",
            "You are told the timeshare is an investment, or that it will be easy to sell or rent out.",
            "Nobody can show you the cancellation deadline in writing.",
          ],
        },
        {
          kind: "paragraph",
          text: [
            "Already own a timeshare and want out? Read ",
            link("Spotting Timeshare Exit Scams", LEAD_FORM_INFO["spotting-exit-scams"].path),
            " before you answer any offer, and keep ",
            link("The Timeshare Scam Checklist", LEAD_FORM_INFO.checklist.path),
            " at hand.",
          ],
        },
      ],
    },
  ],
  sources: [FTC_TIMESHARES, SOUTH_CAROLINA_27_32, NEVADA_NAC_119A, FIND_MY_AG],
};
