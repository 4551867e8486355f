import type { PrerenderPath } from "./publicRoutes";

/**
 * The meta description and share-card text of every prerendered route (at most 200 characters). Only
 * the build reads them (web/scripts/prerender.mjs, sitemap, share cards): every page arrives with its
 * own, so the pages' scripts do not carry them.
 */
export const ROUTE_DESCRIPTIONS: Record<PrerenderPath, string> = {
  "/": "A nonprofit that protects timeshare owners and their families: know your rights, spot resale and exit scams, and sign the petition for fair cancellation rights.",
  "/petition": "Sign the petition for fair timeshare cancellation rights, a longer rescission period and an end to timeshare debt passed down to families.",
  "/timeshare-scam":
    "Report a timeshare resale, upfront-fee, exit or recovery scam: what you can report, what happens after, where else to report it and what evidence to keep.",
  "/report-scam":
    "Report a timeshare scam in four short steps: what happened, how they reached you and what you know about them, with a document or screenshot if you have one.",
  "/report-scam/thank-you":
    "Your scam report reached the Timeshare Owners Foundation. Keep your reference number; here is what happens next and where else to report the scam.",
  "/report-status":
    "Follow your timeshare scam report: enter its reference number and your e-mail address, and we e-mail you a link to its status and the status of its case.",
  "/report-status/unsubscribe":
    "Stop the e-mails about your scam report's case in one click. Your report stays with the Timeshare Owners Foundation and still counts.",
  // the guides' summaries (packages/core/src/guides), shortened to fit
  "/timeshare-scam-checklist":
    "A free printable checklist for timeshare owners: what to check before you sign, in the days after you sign, and before you pay anyone who offers to sell your timeshare or get you out.",
  "/where-scams-thrive":
    "Colorado, Nevada, North Carolina, South Carolina and Texas give timeshare buyers five days to cancel. A free fact sheet: each state's deadline and law, what is weak there, and what to do.",
  "/before-you-sign":
    "A free plain-English guide for anyone invited to a timeshare sales presentation: how the pitch works, what a timeshare really costs, what to check in the contract, and how to cancel.",
  "/spotting-exit-scams":
    "A free guide for timeshare owners who want out, and their families: the five tricks exit scammers use most, safer ways to sell or give up a timeshare, and where to report a scam.",
  "/how-timeshare-scams-work":
    "How timeshare resale, upfront-fee, exit and inheritance scams unfold step by step, the warning signs to watch for, and three habits that keep owners safe.",
  "/timeshare-scam-awareness":
    "The dangers timeshare owners and their families face from fake buyers, exit companies and inheritance scams, and a simple 3-step plan to stay safe.",
  "/scam-alerts":
    "Check a timeshare exit or resale company, phone number or website before you pay: scam alerts published from owners' reports, with what they reported and when.",
  "/consumer-rights":
    "What timeshare owners and heirs can do today: short cancellation windows, rising fees, refusing an inherited timeshare, and the red flags of exit and resale scams.",
  "/donate":
    "Donate to the Timeshare Owners Foundation: your gift pays for legal research, scam alerts, support for owners and families, and the petition for fair cancellation rights.",
  "/complete":
    "Thank you for donating to the Timeshare Owners Foundation. Your receipt comes by e-mail from our payment provider; here is what your gift does next.",
  "/cancel":
    "Your donation to the Timeshare Owners Foundation was not completed. You can finish it now, or sign the petition for fair timeshare cancellation rights for free.",
  "/newsletter/confirmed":
    "Confirm your subscription to the Timeshare Owners Foundation's newsletter: scam alerts and tips for timeshare owners and their families.",
  "/newsletter/unsubscribe": "Unsubscribe from the Timeshare Owners Foundation's newsletter in one click, or subscribe again if you left by mistake.",
  "/privacy-policy":
    "What the Timeshare Owners Foundation collects when you sign, report a scam or ask for a guide, why, how long each record is kept, and how to see, download or erase your data.",
  "/data-deletion-request":
    "Ask the Timeshare Owners Foundation to erase your data or send you a copy: enter your e-mail address and open the link we send to see, download or erase every record.",
  "/my-data": "See the data the Timeshare Owners Foundation holds for your e-mail address, download it as a file or erase it, from the link we sent you.",
  "/404": "The page you are looking for does not exist or has been moved.",
  "/unauthorized": "You do not have permission to view this page.",
};
