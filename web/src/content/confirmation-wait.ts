/**
 * What the "check your inbox" card says about when the confirmation link should arrive, from the
 * sign answer's `mail` (the confirmations queued ahead and the seconds they take at the rate mail is
 * going out: packages/core/src/mail-queue/backlog.ts). Tests read these texts.
 */
export interface ConfirmationWait {
  ahead: number;
  seconds: number;
}

/**
 * What the link's page says before the signer presses "Confirm my signature": opening the link
 * confirms nothing, since mail scanners open links too.
 */
export const CONFIRM_PROMPT = "Press the button to confirm that you signed this petition. Your signature counts once you do.";

export const WITHIN_A_MINUTE = "It should arrive within a minute.";
export const UNKNOWN_WAIT = "It usually arrives within a few minutes.";

/** "12 minutes", "3 hours", "2 days": rounded up, so the promise is kept rather than missed. */
export function duration(seconds: number): string {
  const unit = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
  if (seconds < 90 * 60) return unit(Math.max(1, Math.ceil(seconds / 60)), "minute");
  if (seconds < 36 * 3600) return unit(Math.ceil(seconds / 3600), "hour");
  return unit(Math.ceil(seconds / 86_400), "day");
}

export function expectedArrival(wait: ConfirmationWait | undefined): string {
  if (!wait) return UNKNOWN_WAIT;
  if (wait.seconds < 60) return WITHIN_A_MINUTE;
  const ahead = `${wait.ahead.toLocaleString("en-US")} confirmation e-mail${wait.ahead === 1 ? " is" : "s are"}`;
  return `Many people are signing right now: ${ahead} ahead of yours, so it should arrive in about ${duration(wait.seconds)}.`;
}
