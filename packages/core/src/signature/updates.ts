export * as PetitionUpdates from "./updates";

/**
 * Updates to signers who ask (issue 24, item 3; docs/architecture.md "Updates to signers who ask"):
 * a signer who ticked "Tell me how this petition does" gets one e-mail when the petition's counted
 * signatures reach each of its milestones (updates-milestones.ts), and the outcome the administrators
 * write, once (updates-outcome.ts). Each update is a mailing of the newsletter's machinery (mailing/:
 * paced as bulk mail, one claimed delivery per address, batches through the bus; updates-mailing.ts),
 * whose audience is the petition's signers who asked (updates-audience.ts). An update's id is its
 * claim: `milestone-<n>` or `outcome`, put on condition that it does not exist, in the transaction
 * that starts its send. The console lists and resumes them (updates-list.ts); a signer leaves them
 * by the e-mails' link (updates-stop.ts).
 */
export { UpdateId, Events, mailing } from "./updates-mailing";
export { MILESTONE_ACTOR, checkMilestones, type MilestoneCheck } from "./updates-milestones";
export { OutcomeInput, OutcomeAlreadySent, sendOutcome } from "./updates-outcome";
export { UpdateNotFound, list, resume, type UpdateSummary } from "./updates-list";
export { StopInput, InvalidUpdatesLink, stop } from "./updates-stop";
