/**
 * Every word of the donation thank-you page (/complete; spec §2 "Donation pages": 'You Fought
 * Timeshare Debt', thanks for a completed donation, a Return Home link to /).
 */

export interface TitledText {
  title: string;
  text: string;
}

export const HERO = {
  eyebrow: "Donation complete",
  title: "You Fought Timeshare Debt",
  lead: "Thank you for your donation. Your gift helps owners and their families stand up to unfair contracts, inherited debt and exit scams.",
  homeButton: "Return Home",
} as const;

export const NEXT_STEPS = {
  title: "What Happens Next",
  steps: [
    {
      title: "Your receipt arrives by e-mail",
      text: "Our payment provider e-mails a receipt to the address you gave when you donated. Keep it for your records. If you cannot find it, check your spam or junk folder.",
    },
    {
      title: "Your gift goes to work",
      text: "It pays for legal research, scam alerts, support for owners and families, and the campaign that takes the petition to lawmakers.",
    },
    {
      title: "One more thing you can do for free",
      text: "If you have not signed yet, add your name to the petition for fair cancellation rights, a longer rescission period and an end to inherited timeshare debt.",
    },
  ] satisfies readonly TitledText[],
} as const;

export const CLOSING = {
  title: "Add Your Name Too",
  text: "Your donation funds the campaign; your signature shows lawmakers one more family that wants change.",
  signButton: "Sign the Petition",
  homeButton: "Return Home",
} as const;
