import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { keptPersonHash } from "../db/person-index";
import { SubmittedMeanwhile, keyTaken, submissionPut, submitOnce } from "../idempotency/submissions";
import { log } from "../log";
import { cancellationCodes } from "../db/cancellation";
import { DELETION_LINK_SECONDS, DELETION_REQUEST_RECORD_DAYS } from "../policy/retention";
import { RateLimit } from "../ratelimit";
import { VisibleError } from "../util/error";
import { sortableId } from "../util/id";
import { hashToken, isTokenShape } from "../util/token";
import type { PrivacyRequest } from "./index-item";
import { PRIVACY_MESSAGES } from "./input";
import { dueLinkPut, sendOrKeep, type LinkToSend } from "./requests-link-sending";
import { claimAddressSlot, releaseAddressSlot } from "./requests-mailbox-allowance";
import { readRequest, requestWrites } from "./requests-store";

/**
 * Deletion requests. Anyone may type an address; only its mailbox gets the link. The
 * request (for administrators, kept DELETION_REQUEST_RECORD_DAYS) holds the person's kept hash
 * (db/person-index.ts `keptPersonHash`: keyed, so it cannot be tested against guessed addresses, and
 * the same name the suppression list and the audit trail give the person); the link's token is stored as its
 * SHA-256 with the address for DELETION_LINK_HOURS; the visitor's answer is the same whether or
 * not the address holds data, and nothing is looked up until the link is opened. The request's
 * item: requests-store.ts; its link's sending: requests-link-sending.ts; the mailbox's daily
 * allowance of links: requests-mailbox-allowance.ts.
 */

export { LINKS_PER_ADDRESS_PER_DAY, releaseAddressSlot } from "./requests-mailbox-allowance";
export { readRequest, requestWrites, whileStatus } from "./requests-store";
export { sendDueLinks, sendLink, sendOrKeep, type LinkToSend } from "./requests-link-sending";

export const RATE_SCOPE = "privacy";

/** The deletion page's submissions by idempotency key (idempotency/submissions.ts). */
export const REQUEST_SUBMISSION_SCOPE = "privacy-request";

/**
 * Counts one attempt of the client at a privacy route (a request, or a look, download or erase
 * with a link's token) before anything is looked up, so guessing tokens costs attempts: a 429 past
 * PRIVACY_RATE_LIMIT_PER_MINUTE.
 */
export const countAttempt = (ipAddress: string) => RateLimit.consumeClient(RATE_SCOPE, ipAddress, settings().PRIVACY_RATE_LIMIT_PER_MINUTE);

export class InvalidPrivacyLink extends VisibleError {
  constructor() {
    super(400, "privacy.invalid_link", PRIVACY_MESSAGES.invalidLink);
  }
}

/**
 * Records a pending request (its admin row and count) and its link as due, without the link itself:
 * `sendOrKeep` mints and mails it at once, else the scheduled drain does. Answers what the link needs,
 * or nothing when the mailbox's daily allowance is used (logged): the caller says the same to everyone.
 * With the page's idempotency `key`, the key is stored in the same transaction; another attempt of the
 * same submission having stored it first is a SubmittedMeanwhile (the caller answers that attempt's answer).
 */
export async function request(email: string, now = Date.now(), key?: string): Promise<LinkToSend | undefined> {
  const address = email.trim();
  if (!(await claimAddressSlot(address, now))) {
    log.info("deletion link not sent: the address's daily allowance is used", { person: keptPersonHash(address) });
    return undefined;
  }
  const req: PrivacyRequest = {
    id: sortableId(now),
    status: "pending",
    person: keptPersonHash(address),
    personKeyed: true,
    requestedAt: new Date(now).toISOString(),
    validUntil: new Date(now + DELETION_LINK_SECONDS * 1000).toISOString(),
    downloads: 0,
    expiresAt: Math.floor(now / 1000) + DELETION_REQUEST_RECORD_DAYS * 24 * 3600,
  };
  const submission = key ? [submissionPut(REQUEST_SUBMISSION_SCOPE, key, { status: "sent" })] : [];
  try {
    await db().send(
      new TransactWriteCommand({ TransactItems: [...requestWrites(req), dueLinkPut({ requestId: req.id, email: address }, now), ...submission] }),
    );
  } catch (err) {
    await releaseAddressSlot(address, now);
    if (keyTaken(key, cancellationCodes(err))) throw new SubmittedMeanwhile(REQUEST_SUBMISSION_SCOPE);
    throw err;
  }
  return { requestId: req.id, email: address, written: req };
}

/**
 * The deletion page's request, once per idempotency key: stored with its link due, then the link
 * sent (or left to the drain). A retry of a request already stored answers the same and mails nothing.
 */
export async function requestOnce(email: string, key?: string): Promise<{ status: string }> {
  return submitOnce(REQUEST_SUBMISSION_SCOPE, key, async () => {
    const link = await request(email, Date.now(), key);
    if (link) await sendOrKeep(link);
    return { status: "sent" };
  });
}

export interface OpenLink {
  email: string;
  requestId: string;
  validUntil: string;
  tokenKey: { pk: string; sk: string };
}

/** The link's token → its address and request; an unknown, expired or used token is an InvalidPrivacyLink. */
export async function openLink(token: string): Promise<OpenLink> {
  const tokenKey = isTokenShape(token) ? Keys.privacyToken(hashToken(token)) : undefined;
  const item = tokenKey && (await db().send(new GetCommand({ TableName: table(), Key: tokenKey, ConsistentRead: true }))).Item;
  if (!tokenKey || !item || Date.parse(String(item.validUntil)) <= Date.now()) throw new InvalidPrivacyLink();
  return { email: String(item.email), requestId: String(item.requestId), validUntil: String(item.validUntil), tokenKey };
}

/** Counts a download on the request (administrators see it); the link stays valid. */
export async function countDownload(requestId: string): Promise<void> {
  const req = await readRequest(requestId);
  if (!req) return;
  const next = { ...req, downloads: (req.downloads ?? 0) + 1 };
  try {
    // the whole item is rewritten: only over the state read (a confirmation meanwhile wins)
    const unchanged = {
      expression: "downloads = :seen AND #status = :status",
      names: { "#status": "status" },
      values: { ":seen": req.downloads ?? 0, ":status": req.status },
      was: req.status,
    };
    await db().send(new TransactWriteCommand({ TransactItems: requestWrites(next, unchanged) }));
  } catch (err) {
    // a concurrent download or confirmation changed it meanwhile: the figure is informative, one may be lost
    log.info("download count not updated", { requestId, reason: (err as Error).name });
  }
}
