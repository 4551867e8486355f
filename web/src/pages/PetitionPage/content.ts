/** Copy of the petition landing page (spec §2 "Petition landing page"). */

export const PROBLEMS = [
  {
    icon: "lock",
    title: "Locked in for life",
    text: "Many contracts run “in perpetuity”. Owners who can no longer travel, or afford rising fees, have no fair way to hand the timeshare back.",
  },
  {
    icon: "clock",
    title: "Days, not weeks, to cancel",
    text: "After a high-pressure sales pitch, buyers get as little as 3 to 10 days to change their minds, often before they have read the fine print.",
  },
  {
    icon: "users",
    title: "Debt passed to your children",
    text: "When an owner dies, maintenance fees and loans can fall on their heirs, who never signed anything and never wanted the property.",
  },
  {
    icon: "alert",
    title: "Exit scams fill the gap",
    text: "With no official way out, desperate owners pay thousands up front to “exit companies” that take the money and disappear.",
  },
] as const;

export const STATS = [
  { prefix: "", target: 87, suffix: "%", label: "of owners regret their purchase" },
  { prefix: "3-", target: 10, suffix: " days", label: "is all the time most buyers get to cancel" },
  { prefix: "$", target: 22, suffix: "K", label: "average loss per owner" },
] as const;

/** What the foundation must supply in place of each sample story below (see web/src/content/types.ts). */
const PETITION_STORY_SAMPLE =
  "A real owner's account, published with their written permission: name (or a name they chose), town and state, a portrait or initials, a short quote and what happened.";

export const TESTIMONIALS = [
  {
    name: "Linda Martinez",
    place: "Columbus, Ohio",
    quote: "We signed in one afternoon and we have been paying for it for fourteen years.",
    replaceBeforeLaunch: PETITION_STORY_SAMPLE,
    story:
      "A “free breakfast” turned into a five-hour presentation. Linda and her husband signed to make it stop. Their annual fees have more than tripled since, and the resort refuses to take the week back.",
  },
  {
    name: "James Turner",
    place: "Tampa, Florida",
    quote: "When my father passed away, his timeshare bill arrived before the sympathy cards.",
    replaceBeforeLaunch: PETITION_STORY_SAMPLE,
    story:
      "James inherited a contract he had never seen, with $3,800 in overdue fees. The developer told him the debt was now his family's responsibility, and collectors started calling within weeks.",
  },
  {
    name: "Rosa Gutierrez",
    place: "San Antonio, Texas",
    quote: "The exit company promised us freedom. They took $6,000 and vanished.",
    replaceBeforeLaunch: PETITION_STORY_SAMPLE,
    story:
      "Desperate to get out, Rosa answered an ad that guaranteed a legal exit in 90 days. After the upfront fee cleared, the phone number went dead. She still owns the timeshare today.",
  },
] as const;

export const PETITION_DEMANDS = [
  "Fair cancellation rights for every owner",
  "A longer rescission period to change your mind",
  "An end to automatic inheritance of timeshare debt",
] as const;

export const PLAN = [
  {
    title: "Sign the petition",
    text: "Add your name in under a minute. Every signature shows lawmakers how many families are affected.",
  },
  {
    title: "Share it with people you trust",
    text: "Send the link to family, friends and fellow owners. Most signers hear about the petition from someone they know.",
  },
  {
    title: "We take it to lawmakers",
    text: "We deliver the signatures to state and federal representatives with owners' stories and a concrete reform proposal.",
  },
] as const;

export const WITH_SIGNATURE = [
  "Owners get a clear, fair way to cancel",
  "Buyers get real time to read and reconsider",
  "Children are no longer billed for a parent's contract",
  "Exit scams lose the desperation they feed on",
] as const;

export const WITHOUT_SIGNATURE = [
  "Fees keep rising with no way out",
  "High-pressure sales keep racing the clock",
  "Debt keeps passing to the next generation",
  "Scammers keep targeting trapped owners",
] as const;

/** The section of signatures by US state (from the petition's public count, docs/public-api.md). */
export const SIGNERS_BY_STATE = {
  kicker: "Across the country",
  title: "Where signers come from",
  intro: "Signatures by state, updated every minute.",
} as const;
