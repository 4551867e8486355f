/**
 * SES's maximum sending rate, played by the local outbox when SES_SIMULATED_RATE is set: at most that
 * many e-mails in each second of the clock; past it a send fails as SES refuses it, with its
 * throttling error (`TooManyRequestsException`, "Maximum sending rate exceeded."), which the mail
 * queue treats as any failed send (the e-mail waits for its next attempt). SES allows short bursts
 * above its rate; this counts each second on its own, which is stricter.
 */
export class SimulatedThrottle extends Error {
  override name = "TooManyRequestsException";
  readonly $retryable = { throttling: true };
  constructor() {
    super("Maximum sending rate exceeded.");
  }
}

let second = 0;
let sent = 0;
let refused = 0;

/** Counts one send against `rate` in the current second; throws SimulatedThrottle past it. */
export function admit(rate: number | undefined, now = Date.now()): void {
  if (!rate) return;
  const s = Math.floor(now / 1000);
  if (s !== second) {
    second = s;
    sent = 0;
  }
  if (sent >= rate) {
    refused++;
    throw new SimulatedThrottle();
  }
  sent++;
}

/** Sends the simulation refused so far in this process (the mail benchmark prints it). */
export const throttled = () => refused;
