import { LEAD_FORM_INFO } from "../lead/forms";
import { link } from "./rich-text";
import { FIND_MY_AG, FTC_IF_SCAMMED, FTC_RECOVERY_SCAMS, FTC_REPORT_FRAUD, FTC_TIMESHARES, IC3, STATE_CONSUMER_OFFICES } from "./sources";
import type { Guide } from "./types";

const info = LEAD_FORM_INFO.checklist;

export const CHECKLIST: Guide = {
  form: info.form,
  title: info.documentTitle,
  subtitle: "What to check before you sign, in the days after you sign, and whenever a resale or exit company gets in touch.",
  summary:
    "A printable checklist for timeshare owners and their families: what to check before you sign, in the days after you sign, and before you pay any company that offers to sell your timeshare or get you out of it.",
  lastReviewed: "2026-11-22",
  sections: [
    {
      heading: "How to use this checklist",
      blocks: [
        {
          kind: "paragraph",
          text: "Print it, or keep it open on your phone. Tick an item only when you have done it. If you cannot tick every item under “Before you pay anyone”, do not pay.",
        },
      ],
    },
    {
      heading: "Before you sign",
      blocks: [
        {
          kind: "checklist",
          items: [
            "I have the contract and the disclosure document (often called the public offering statement) and have read them away from the sales room.",
            "Every promise the salesperson made is written in the contract. Only the written contract counts.",
            "I know the total cost: the price, the interest on any loan, this year's maintenance fee, and how fees and special assessments can rise.",
            "I know what I am buying: a deed or only a right to use; a fixed week, a floating week or points; and how many years the contract runs.",
            "I know how booking works, and that trading my time for another resort costs extra and is not guaranteed.",
            "I have compared the price with resale listings for the same resort.",
            "I know my deadline to cancel, and the address and method the contract gives for the notice.",
            "I am not signing today because of a “today only” price, bonus or gift.",
          ],
        },
      ],
    },
    {
      heading: "Right after you sign",
      blocks: [
        {
          kind: "paragraph",
          text: [
            "State law gives you a short time to cancel without penalty. In some states it is only five days: see ",
            link("Where Timeshare Scams Thrive", LEAD_FORM_INFO["where-scams-thrive"].path),
            ".",
          ],
        },
        {
          kind: "checklist",
          items: [
            "I have written the cancellation deadline on my calendar.",
            "I have copies of everything I signed and every receipt.",
            "I have reread the contract at home, with a family member or an adviser I trust.",
            "If I want to cancel: I have sent a written notice before the deadline, by the method the contract names (often certified mail, return receipt requested), and kept a copy and proof of sending.",
            "If I paid a deposit by card, I am watching my statement for the refund.",
          ],
        },
      ],
    },
    {
      heading: "When a resale or exit company contacts you",
      blocks: [
        {
          kind: "paragraph",
          text: "A call, letter or e-mail you did not ask for is itself a warning sign. Scammers find owners through public property records and lists.",
        },
        {
          kind: "checklist",
          items: [
            [
              "I have looked the company up with my state attorney general (",
              link("find your attorney general", FIND_MY_AG.url),
              ") and my ",
              link("state consumer protection office", STATE_CONSUMER_OFFICES.url),
              ", and searched its name with words like “complaint” and “scam”.",
            ],
            "I have asked my resort directly whether it has a deed-back, surrender or resale programme.",
            "I have checked any lawyer they name with the state bar, and any real estate agent with the state licensing agency, using contact details I found myself.",
            "I have not given them my bank or card numbers, my Social Security number or my resort login.",
            "I have not agreed to stop paying my maintenance fees or my loan. The contract would still bind me, and my credit would suffer.",
          ],
        },
      ],
    },
    {
      heading: "Before you pay anyone",
      blocks: [
        {
          kind: "checklist",
          items: [
            "Nobody is asking me for a fee before my timeshare has been sold, rented or transferred.",
            "Nobody has guaranteed me a sale, a buyer, a price, a refund or an exit.",
            "Any sale closes through a title or escrow company that I checked myself.",
            "I am not being asked to pay by wire transfer, gift card, cryptocurrency or a payment app.",
            "I have every term in writing, including every fee and the refund conditions, and I have read it.",
            "I have waited a day and talked it over with someone I trust.",
          ],
        },
        {
          kind: "paragraph",
          text: [
            "The FTC's advice on resale offers is the same: do not pay upfront fees, and get everything in writing (",
            link("FTC: Timeshares and Vacation Plans", FTC_TIMESHARES.url),
            ").",
          ],
        },
      ],
    },
    {
      heading: "If something went wrong",
      blocks: [
        {
          kind: "callout",
          title: "If you already paid",
          text: "Act today: some payments can still be stopped or disputed if you move quickly.",
          items: [
            "Call your bank or card company now and ask whether the payment can be stopped, reversed or disputed.",
            "Stop paying the company and stop talking to it.",
            [
              "Do not pay anyone who offers to get your money back for a fee: that is often the same scam again (",
              link("FTC: Refund and Recovery Scams", FTC_RECOVERY_SCAMS.url),
              ").",
            ],
            "Keep everything: contracts, receipts, e-mails, texts, names, phone numbers and web addresses.",
            [
              "Report it to the FTC at ",
              link("ReportFraud.ftc.gov", FTC_REPORT_FRAUD.url),
              ", to your state attorney general and, if it happened online or by e-mail, to the FBI at ",
              link("ic3.gov", IC3.url),
              ". Then ",
              link("tell us what happened", "/report-scam"),
              " so we can warn other owners.",
            ],
          ],
        },
      ],
    },
    {
      heading: "Read next",
      blocks: [
        {
          kind: "bullets",
          items: [
            [link("Before You Sign a Timeshare Contract", LEAD_FORM_INFO["before-you-sign"].path), ": what to ask, what to read and what to refuse."],
            [link("Spotting Timeshare Exit Scams", LEAD_FORM_INFO["spotting-exit-scams"].path), ": how fake resale, exit and recovery companies work."],
            [link("Where Timeshare Scams Thrive", LEAD_FORM_INFO["where-scams-thrive"].path), ": the five states that give buyers the least time to cancel."],
          ],
        },
      ],
    },
  ],
  sources: [FTC_TIMESHARES, FTC_RECOVERY_SCAMS, FTC_IF_SCAMMED, FTC_REPORT_FRAUD, IC3, FIND_MY_AG, STATE_CONSUMER_OFFICES],
};
