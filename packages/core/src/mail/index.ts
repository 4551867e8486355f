export * as Mail from "./index";
export { mailboxOf, VISITOR_MAIL_WINDOW_SECONDS } from "./visitor";
export { MailDeferred, priorityOf } from "./budget";
export type { Message } from "./message";

import { AsyncLocalStorage } from "node:async_hooks";
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { Bus } from "../bus";
import { settings } from "../config";
import { log } from "../log";
import { Suppression } from "../suppression";
import { isEmailAddress } from "../util/email";
import { VisibleError } from "../util/error";
import { escapeHtml } from "../util/html";
import { SERVICE_TIMEOUTS, sdkRequestHandler } from "../util/sdk-http";
import { MailDeferred, priorityOf, take } from "./budget";
import { writeToOutbox } from "./outbox";
import { admit } from "./outbox-rate";
import { FEEDBACK_DETAIL_TYPES, SES_SOURCE } from "./ses-events";
import { faultFor } from "../faults/injector";
import { injectFaults } from "../faults/sdk";
import { sesError } from "../faults/service-errors";
import { ordinaryOutcome, simulatedEvents, simulatedOutcome, type SimulatedOutcome } from "./simulator";
import { HOLD_MS, holds, isVisitorMail } from "./breaker";
import { claimAllowance } from "./visitor";
import { admit as admitToDomain, isFormMail, type Verdict as DomainVerdict } from "./domain-brake";
import { hold } from "./held-store";
import type { Message } from "./message";
// this module's own namespace: sendToVisitor calls Mail.send through it, so tests that replace Mail.send see that call too
import { Mail } from "./index";

/** An SES message tag's value: letters, digits, `_` and `-` (e.g. `guide:checklist` → `guide-checklist`). */
export const tagValue = (kind: string) => kind.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 256) || "other";

/** Every tag a message carries to SES (and back in its events): its kind and its own tags. */
const tagsOf = (message: Pick<Message, "kind" | "tags">): Record<string, string> =>
  Object.fromEntries(Object.entries({ ...message.tags, kind: message.kind ?? "other" }).map(([name, value]) => [tagValue(name), tagValue(value)]));

/** Fields the mailer sets itself (SES refuses or overrides them): a message may not carry its own. */
const RESERVED_HEADERS = new Set([
  "from",
  "to",
  "cc",
  "bcc",
  "subject",
  "date",
  "message-id",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "return-path",
]);

/** The message's extra headers, refused if one could inject another field or replace one the mailer owns. */
export function checkedHeaders(headers: Record<string, string> = {}): { name: string; value: string }[] {
  return Object.entries(headers).map(([name, value]) => {
    if (!/^[!-9;-~]+$/.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) throw new Error(`header name not allowed: ${JSON.stringify(name)}`);
    if (/[\r\n]/.test(value)) throw new Error(`header ${name} has a line break`);
    return { name, value };
  });
}

let ses: SESv2Client | undefined;

/**
 * A drain round of the mail queue (mail-drain/round.ts) sends many e-mails at once: it took their
 * slots of the budget together (`prepaid`) and read the suppression list for their recipients in one
 * BatchGet (`checked`: the addresses it read, `suppressed`: those on the list), and put its form
 * mail's addresses to the domain brake at once (`brake`: one write per domain for the round), so each
 * `send` inside it skips all three. An address the round did not read is looked up as usual.
 */
export interface Round {
  prepaid: boolean;
  checked: ReadonlySet<string>;
  suppressed: ReadonlySet<string>;
  brake?: DomainVerdict;
}
const round = new AsyncLocalStorage<Round>();

/** The domain or network over its allowance that holds this form e-mail, or undefined: as the round judged its recipients, else asked of the brake. */
async function domainOverAllowance(
  verdict: DomainVerdict | undefined,
  kind: string,
  to: readonly string[],
  network: string | undefined,
): Promise<string | undefined> {
  if (verdict) {
    const held = to.map((a) => verdict.held.get(a)).find((domain) => domain !== undefined);
    if (held) return held;
    if (to.every((a) => verdict.admitted.has(a))) return undefined;
  }
  return admitToDomain(kind, to, network);
}
export const withinRound = <T>(store: Round, fn: () => Promise<T>): Promise<T> => round.run(store, fn);

/**
 * The one kind our suppression list does not hold back: the link to /my-data a person has just asked
 * for on the site (at most LINKS_PER_ADDRESS_PER_DAY a day). Without it a person whose address we
 * stopped mailing could never see that note or ask to be e-mailed again. SES's own account-level
 * list still refuses addresses that bounced or complained (docs/architecture.md, departures).
 */
const SUPPRESSION_EXEMPT_KINDS = new Set(["privacy-link"]);

/** The configuration set a message goes with: the privacy link's own (no SES account-level suppression), else the stage's. */
function configurationSetOf(kind: string | undefined): string | undefined {
  const s = settings();
  return (SUPPRESSION_EXEMPT_KINDS.has(kind ?? "") && s.MAIL_PRIVACY_CONFIGURATION_SET) || s.MAIL_CONFIGURATION_SET;
}

/**
 * The Mailer port: SES (API v2, which carries extra headers) when deployed, the file outbox
 * (.data/outbox) locally. Every message asks the suppression list first: an address that bounced
 * or complained is left out (a message with no one left is not sent), whoever sends it. Then it
 * takes its recipients' slots of the account's sending budget at the message's priority
 * (budget.ts), waiting for them, or throws MailDeferred when none comes in time.
 */
export async function send(message: Message): Promise<void> {
  const s = settings();
  if (message.to.length === 0) return;
  const headers = checkedHeaders(message.headers);
  const tags = tagsOf(message);
  const kind = tags.kind;
  const inRound = round.getStore();
  const suppressed = SUPPRESSION_EXEMPT_KINDS.has(message.kind ?? "")
    ? new Set<string>()
    : inRound && message.to.every((a) => inRound.checked.has(a))
      ? new Set(message.to.filter((a) => inRound.suppressed.has(a)))
      : await Suppression.suppressedAmong(message.to);
  const to = message.to.filter((address) => !suppressed.has(address));
  if (suppressed.size) log.info("mail: suppressed recipients left out", { kind, suppressed: suppressed.size, remaining: to.length });
  if (to.length === 0) return;
  // the feedback breaker is open: mail to addresses visitors typed waits for an administrator (breaker.ts)
  if (await holds(kind)) throw new MailDeferred(Date.now() + HOLD_MS, "paused");
  // past its domain's or network's hourly allowance, mail to an address a visitor typed waits for an administrator (domain-brake.ts)
  const over = isFormMail(kind) && !message.released ? await domainOverAllowance(inRound?.brake, kind, to, message.network) : undefined;
  if (over) {
    await hold(over, { ...message, to });
    return;
  }
  // SES counts each recipient against the account's rate and quota (a drain round took its slots for all its e-mails at once)
  if (!inRound?.prepaid) await take(priorityOf(message.kind ?? "other"), to.length);
  if (s.MAIL_DRIVER === "outbox") {
    await sendToOutbox({ ...message, to }, tags, headers);
    return;
  }
  ses ??= sesClient();
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: s.MAIL_FROM,
      Destination: { ToAddresses: to },
      ...(configurationSetOf(message.kind) ? { ConfigurationSetName: configurationSetOf(message.kind) } : {}),
      EmailTags: Object.entries(tags).map(([Name, Value]) => ({ Name, Value })),
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: "UTF-8" },
          Body: { Text: { Data: message.text, Charset: "UTF-8" }, Html: { Data: message.html, Charset: "UTF-8" } },
          ...(headers.length ? { Headers: headers.map((h) => ({ Name: h.name, Value: h.value })) } : {}),
        },
      },
    }),
  );
}

function sesClient(): SESv2Client {
  const client = new SESv2Client({ region: settings().AWS_REGION, requestHandler: sdkRequestHandler(SERVICE_TIMEOUTS) });
  injectFaults(client, "ses");
  return client;
}

/**
 * The local driver: one file per message. Mail to SES's mailbox simulator addresses gets the
 * simulator's outcome, marked on the message, and its SES events through the same subscriber as
 * deployed (mail/simulator.ts).
 */
async function sendToOutbox(message: Message, tags: Record<string, string>, headers: { name: string; value: string }[]): Promise<void> {
  const s = settings();
  admit(s.SES_SIMULATED_RATE);
  // the SES faults a run injects (faults/): the outbox refuses as SES would, before anything is written
  const fault = await faultFor("ses");
  if (fault) throw sesError(fault);
  const { headers: _headers, tags: _tags, network: _network, released: _released, ...rest } = message;
  const outcomes: Record<string, SimulatedOutcome> = {};
  for (const address of message.to) {
    const outcome = simulatedOutcome(address) ?? (isVisitorMail(tags.kind) ? ordinaryOutcome(s.OUTBOX_SIMULATED_BOUNCE_RATE) : undefined);
    if (outcome) outcomes[address] = outcome;
  }
  const stored = await writeToOutbox(s.OUTBOX_DIR, {
    from: s.MAIL_FROM,
    ...rest,
    kind: tags.kind,
    ...(headers.length ? { headers: Object.fromEntries(headers.map((h) => [h.name, h.value])) } : {}),
    ...(Object.keys(tags).length > 1 ? { tags } : {}),
    ...(Object.keys(outcomes).length ? { outcomes } : {}),
  });
  for (const address of message.to) {
    for (const event of simulatedEvents(address, { messageId: stored.id, tags, from: stored.from, subject: stored.subject }, new Date(), outcomes[address])) {
      Bus.deliverServiceEventLocally(SES_SOURCE, FEEDBACK_DETAIL_TYPES[event.eventType], event);
    }
  }
}

/** The admin console's "Send Test Email": proves the mail path end to end. */
export async function sendTest(to: string): Promise<void> {
  if (!isEmailAddress(to)) {
    throw new VisibleError(400, "mail.no_address", "Failed to send test email: your account has no e-mail address");
  }
  const at = new Date().toISOString();
  await send({
    kind: "admin-test",
    to: [to],
    subject: "Test Email Notification",
    text: `This is a test e-mail from the petition site's admin console, sent ${at}. If you can read it, e-mail works.`,
    html: `<p>This is a test e-mail from the petition site's admin console, sent ${escapeHtml(at)}.</p><p>If you can read it, e-mail works.</p>`,
  });
}

export { escapeHtml };

/**
 * Sends an e-mail that a visitor's action triggers (share e-mail, report confirmation, guide delivery)
 * unless the recipient already got one of the same `kind` from another delivery within 24 h; then it
 * is skipped and logged. `key` names this delivery (stable across retries), e.g.
 * "signature-share:<signature id>"; `kind` what it is, e.g. "signature-share" or "guide:checklist":
 * a stranger typing someone's address into every form gets them at most one e-mail of each kind a
 * day, while a person who signs, reports and asks for two guides gets each thing they asked for.
 * Administrator notifications use `Mail.send`: they are not addressed by visitors.
 */
export async function sendToVisitor(message: Message, opts: { key: string; kind: string }): Promise<"sent" | "skipped"> {
  if (message.to.length !== 1) throw new Error(`a visitor e-mail has exactly one recipient, got ${message.to.length}`);
  if (!(await claimAllowance(message.to[0], opts.kind, opts.key))) {
    log.info("visitor e-mail skipped: recipient already sent this kind of e-mail within 24 h", { deliveryKey: opts.key, kind: opts.kind });
    return "skipped";
  }
  // through the namespace, so tests that replace Mail.send see this call too
  await Mail.send({ kind: opts.kind, ...message });
  return "sent";
}
