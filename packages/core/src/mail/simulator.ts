import type { SesEvent } from "./ses-event";

/**
 * SES's mailbox simulator, as the local outbox driver plays it: mail to these addresses (a `+label`
 * may follow the name, e.g. `bounce+42@simulator.amazonses.com`) has the outcome SES gives it, and
 * the same SES events follow through the same subscriber as deployed. Other addresses are only
 * written to the outbox: no feedback arrives for them locally.
 */
export const SIMULATOR_DOMAIN = "simulator.amazonses.com";

export type SimulatedOutcome = "delivered" | "bounced" | "complained" | "on-suppression-list" | "auto-reply";

const OUTCOMES: Record<string, SimulatedOutcome> = {
  success: "delivered",
  bounce: "bounced",
  complaint: "complained",
  suppressionlist: "on-suppression-list",
  ooto: "auto-reply",
};

/** The simulator's outcome for an address, or undefined for any other address. */
export function simulatedOutcome(address: string): SimulatedOutcome | undefined {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at < 0 || email.slice(at + 1) !== SIMULATOR_DOMAIN) return undefined;
  return OUTCOMES[email.slice(0, at).replace(/\+.*$/, "")];
}

/**
 * The SES events the simulator causes for one message to `address` (SES sends one event per
 * message and type): a delivery for success, ooto and complaint (a complaint follows a delivered
 * message); a permanent bounce for bounce, and for suppressionlist the bounce SES reports for an
 * address on the account's suppression list.
 */
export function simulatedEvents(
  address: string,
  message: { messageId: string; tags: Record<string, string>; from: string; subject: string },
  now = new Date(),
  outcome = simulatedOutcome(address),
): SesEvent[] {
  if (!outcome) return [];
  const timestamp = now.toISOString();
  const mail = {
    messageId: message.messageId,
    timestamp,
    source: message.from,
    destination: [address],
    tags: Object.fromEntries(Object.entries(message.tags).map(([name, value]) => [name, [value]])),
    commonHeaders: { subject: message.subject },
  };
  const delivery: SesEvent = { eventType: "Delivery", mail, delivery: { recipients: [address], timestamp } };
  switch (outcome) {
    case "delivered":
    case "auto-reply":
      return [delivery];
    case "complained":
      return [
        delivery,
        { eventType: "Complaint", mail, complaint: { complainedRecipients: [{ emailAddress: address }], timestamp, complaintFeedbackType: "abuse" } },
      ];
    case "bounced":
    case "on-suppression-list":
      return [
        {
          eventType: "Bounce",
          mail,
          bounce: {
            bounceType: "Permanent",
            bounceSubType: outcome === "bounced" ? "General" : "OnAccountSuppressionList",
            bouncedRecipients: [{ emailAddress: address }],
            timestamp,
          },
        },
      ];
  }
}

let ordinarySent = 0;

/**
 * Locally, OUTBOX_SIMULATED_BOUNCE_RATE plays a share of the visitor mail to ordinary addresses as
 * bounced (every n-th message, n = 1 / rate) and the rest as delivered, with their SES events: a
 * rehearsal of the feedback breaker (mail/breaker.ts). At 0 (the default) ordinary addresses get no
 * outcome and no events.
 */
export function ordinaryOutcome(rate: number): SimulatedOutcome | undefined {
  if (rate <= 0) return undefined;
  ordinarySent++;
  return ordinarySent % Math.max(1, Math.round(1 / rate)) === 0 ? "bounced" : "delivered";
}
