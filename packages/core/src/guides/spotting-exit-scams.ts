import { LEAD_FORM_INFO } from "../lead/forms";
import { link } from "./rich-text";
import {
  CFPB_COMPLAINT,
  FIND_MY_AG,
  FTC_IDENTITY_THEFT,
  FTC_IF_SCAMMED,
  FTC_RECOVERY_SCAMS,
  FTC_REFUNDS,
  FTC_REPORT_FRAUD,
  FTC_TIMESHARES,
  IC3,
  STATE_CONSUMER_OFFICES,
  TELEMARKETING_SALES_RULE,
  TEXAS_TIMESHARE_ACT,
} from "./sources";
import type { Guide } from "./types";

const info = LEAD_FORM_INFO["spotting-exit-scams"];

export const SPOTTING_EXIT_SCAMS: Guide = {
  form: info.form,
  title: info.documentTitle,
  subtitle: "How fake resale, exit and recovery companies work, how to check anyone who contacts you, and where to report.",
  summary:
    "Scammers target timeshare owners who want out, and their families. Learn the five tricks they use most, the safer ways to sell or give up a timeshare, and what to do and where to report if you were targeted.",
  lastReviewed: "2026-11-22",
  sections: [
    {
      heading: "Why owners are targeted",
      blocks: [
        {
          kind: "paragraph",
          text: "Many timeshares are hard to sell and their fees keep rising, so an owner who wants out is easy to reach with an offer that sounds like relief. Deeded timeshares are recorded in public property records, so anyone can find owners' names and addresses, and families are often contacted soon after an owner dies. The same five tricks come back again and again.",
        },
      ],
    },
    {
      heading: "Trick 1: fees before anything happens",
      blocks: [
        {
          kind: "paragraph",
          text: [
            "You are asked to pay first: “closing costs”, a “transfer fee”, “taxes”, an “appraisal”, “marketing” or a “title search”, often thousands of dollars, for a sale or exit that never comes. The FTC's advice is not to pay upfront fees to resell a timeshare (",
            link("FTC: Timeshares and Vacation Plans", FTC_TIMESHARES.url),
            ").",
          ],
        },
        {
          kind: "bullets",
          items: [
            "A licensed real estate agent is normally paid a commission from the sale, after it closes.",
            "A real buyer's money goes to a title or escrow company. You never pay to receive it.",
            "A refund promise (“you get it all back at closing”) changes nothing: the company simply disappears.",
          ],
        },
      ],
    },
    {
      heading: "Trick 2: a buyer or renter who is already waiting",
      blocks: [
        {
          kind: "paragraph",
          text: "A caller says a buyer wants your timeshare, often at a price above anything you have seen, or that a renter will pay for your weeks. There is a fee to “lock in” the deal. The buyer does not exist. Ask for the buyer's offer in writing and the name of the title company, then look up that company yourself and call it on a number you found. Real buyers do not appear out of nowhere for an owner who never advertised.",
        },
      ],
    },
    {
      heading: "Trick 3: lawyers, advocates and recovery firms",
      blocks: [
        {
          kind: "paragraph",
          text: "Some exit companies call themselves law firms or consumer advocates, or use the name of a real lawyer. Others contact people who already lost money and offer to get it back, for a fee: the same scam, a second time.",
        },
        {
          kind: "bullets",
          items: [
            "Check any lawyer with the state bar where they say they are licensed, and call the lawyer's office on a number you found yourself.",
            [
              "A company that calls you may not charge you to recover money lost to an earlier scam until seven business days after it has delivered the money to you (the FTC's ",
              link("Telemarketing Sales Rule", TELEMARKETING_SALES_RULE.url),
              ", 16 CFR 310.4(a)(3)).",
            ],
            ["Read the FTC's warning on ", link("refund and recovery scams", FTC_RECOVERY_SCAMS.url), "."],
          ],
        },
      ],
    },
    {
      heading: "Trick 4: officials, courts and settlements",
      blocks: [
        {
          kind: "paragraph",
          text: [
            "The caller says they are from a government agency, a court, a regulator or a “settlement office”, that you are owed money from a case against your resort or an earlier scammer, and that you must pay a tax or fee to release it. Government agencies do not ask you to pay to receive a refund: the FTC says it never requires you to pay money or give account information to get one (",
            link("FTC refunds", FTC_REFUNDS.url),
            "). Hang up and call the agency on a number from its own website.",
          ],
        },
      ],
    },
    {
      heading: "Trick 5: “just stop paying your fees”",
      blocks: [
        {
          kind: "paragraph",
          text: "Exit companies often tell owners to stop paying maintenance fees or the loan, as part of their “process”. The contract does not end because you stop paying. You can be charged late fees, sent to collections, damaged on your credit report, and a deeded timeshare can be foreclosed. Texas law counts urging an owner to stop paying the developer or association among the deceptive practices of exit and transfer companies (Tex. Prop. Code §\u00a0221.110).",
        },
      ],
    },
    {
      heading: "Safer ways out",
      blocks: [
        {
          kind: "bullets",
          items: [
            "Ask your resort or developer first. Some run deed-back, surrender or exit programmes, free or for a set fee. Get the terms in writing.",
            "Sell through a licensed real estate agent who is paid after the sale. Check the licence with your state's real estate commission.",
            "List it yourself on an established resale marketplace, or offer it to family or friends. Expect a low price: many timeshares resell for a small fraction of what they cost.",
            "If you believe you were misled when you bought, ask a lawyer you found and checked yourself, and get the fee in writing before you agree.",
          ],
        },
      ],
    },
    {
      heading: "Check anyone who contacts you",
      blocks: [
        {
          kind: "checklist",
          items: [
            "I have the company's full name, street address, phone number and website.",
            [
              "I have looked it up with the attorney general (",
              link("find your attorney general", FIND_MY_AG.url),
              ") and ",
              link("consumer protection office", STATE_CONSUMER_OFFICES.url),
              " in my state and in the company's state, and searched its name with “complaint” and “scam”.",
            ],
            "I have checked every claimed link to my resort, a government agency or a law firm, using contact details I found myself.",
            "I have not given them my bank or card numbers, my Social Security number or my resort login.",
            "I am not being asked to pay by wire transfer, gift card, cryptocurrency or a payment app. Scammers ask for these because the money is hard to get back.",
          ],
        },
      ],
    },
    {
      heading: "If you were targeted",
      blocks: [
        {
          kind: "callout",
          title: "If you already paid",
          text: "Move quickly: the sooner you act, the better the chance of stopping a payment.",
          items: [
            "Call your bank or card company today. Ask whether the payment can be stopped or reversed, and dispute a card charge in writing.",
            "Stop paying the company and stop talking to it.",
            ["If you gave out your Social Security number or account details, follow the steps at ", link("IdentityTheft.gov", FTC_IDENTITY_THEFT.url), "."],
            "Keep everything: contracts, receipts, e-mails, texts, names, phone numbers and web addresses.",
            "Expect a “recovery” call next, and do not pay it.",
          ],
        },
        {
          kind: "paragraph",
          text: ["The FTC's step-by-step advice by payment method: ", link("What To Do if You Were Scammed", FTC_IF_SCAMMED.url), "."],
        },
      ],
    },
    {
      heading: "Where to report",
      blocks: [
        {
          kind: "paragraph",
          text: "Report even if you did not lose money. Reports help investigators link cases and warn the next owner.",
        },
        {
          kind: "bullets",
          items: [
            ["The Federal Trade Commission, at ", link("ReportFraud.ftc.gov", FTC_REPORT_FRAUD.url), "."],
            ["Your state attorney general, and the attorney general of the company's state (", link("find your attorney general", FIND_MY_AG.url), ")."],
            ["The FBI's Internet Crime Complaint Center, at ", link("ic3.gov", IC3.url), ", if the scam reached you online, by e-mail or on social media."],
            [
              "The Consumer Financial Protection Bureau, at ",
              link("consumerfinance.gov/complaint", CFPB_COMPLAINT.url),
              ", if your bank or card company will not help with a disputed payment.",
            ],
            "If you are 60 or older: the National Elder Fraud Hotline, 1-833-FRAUD-11 (1-833-372-8311).",
            [link("Tell us what happened", "/report-scam"), ": we compare reports to trace the companies behind them and warn other owners."],
          ],
        },
        {
          kind: "paragraph",
          text: [
            "Owners are easy targets because there is no fair way out of a timeshare. ",
            link("Sign the petition", "/petition"),
            " for fair cancellation rights, and share ",
            link("The Timeshare Scam Checklist", LEAD_FORM_INFO.checklist.path),
            " with anyone who owns one.",
          ],
        },
      ],
    },
  ],
  sources: [
    FTC_TIMESHARES,
    FTC_RECOVERY_SCAMS,
    FTC_REFUNDS,
    FTC_IF_SCAMMED,
    FTC_REPORT_FRAUD,
    FTC_IDENTITY_THEFT,
    TELEMARKETING_SALES_RULE,
    TEXAS_TIMESHARE_ACT,
    IC3,
    CFPB_COMPLAINT,
    FIND_MY_AG,
    STATE_CONSUMER_OFFICES,
  ],
};
