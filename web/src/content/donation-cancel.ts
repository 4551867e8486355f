/**
 * Every word of the donation-abandoned page (/cancel; spec §2 "Donation pages": 'Still Time to Act'
 * with a 'Complete Your Donation Now' link to the online payment page, opened in a new tab).
 */

export const HERO = {
  eyebrow: "Donation not completed",
  title: "Still Time to Act",
  lead: "Your donation was not completed. If you left the payment page before finishing, no donation was made, and you can pick up where you left off whenever you are ready.",
  donateButton: "Complete Your Donation Now",
  /** Read by screen readers after the button text when the payment page opens in a new tab. */
  newTabNote: "(opens in a new tab)",
  homeButton: "Return Home",
} as const;

export const WHY_NOW = {
  title: "Why Your Gift Matters",
  intro: "Every day, owners are pressed into contracts they cannot leave and families inherit fees they never agreed to. Your donation pays for:",
  items: [
    "Legal research for a fair cancellation law and a longer rescission period",
    "Scam alerts that warn owners before they pay an upfront fee to a fake resale or exit company",
    "Support for heirs who need to know they can usually refuse an inherited timeshare",
    "The petition campaign that takes owners' voices to lawmakers",
  ],
} as const;

export const OTHER_WAY = {
  title: "Not Ready to Give Today?",
  text: "Signing the petition is free and takes a minute. It is one of the most useful things you can do.",
  signButton: "Sign the Petition",
} as const;
