import { createHash } from "node:crypto";
import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { log } from "../log";
import { Mail, mailboxOf } from "../mail";
import { hashToken, isTokenShape, newToken } from "../util/token";
import { RateLimit } from "../ratelimit";
import { rateLimitSubject } from "../request/metadata";
import { normaliseEmail } from "../util/email";
import { VisibleError } from "../util/error";
import { sortableId } from "../util/id";
import { linkEmail } from "./emails";
import { counterWrites } from "./counts";
import { indexItem, type PrivacyRequest, type StoredStatus } from "./index-item";
import { PRIVACY_MESSAGES } from "./input";
import { personHash, personIndex } from "../db/person-index";
import { DELETION_LINK_SECONDS, DELETION_REQUEST_RECORD_DAYS, RATE_WINDOW_SECONDS } from "../policy/retention";

/**
 * Deletion requests. Anyone may type an address; only its mailbox gets the link. The
 * request (for administrators) holds a hash of the address; the link's token is stored as its
 * SHA-256 with the address for DELETION_LINK_HOURS; the visitor's answer is the same whether or
 * not the address holds data, and nothing is looked up until the link is opened.
 */

export const RATE_SCOPE = "privacy";

/**
 * Counts one attempt of the client at a privacy route (a request, or a look, download or erase
 * with a link's token) before anything is looked up, so guessing tokens costs attempts: a 429 past
 * PRIVACY_RATE_LIMIT_PER_MINUTE.
 */
export const countAttempt = (ipAddress: string) => RateLimit.consume(RATE_SCOPE, rateLimitSubject(ipAddress), settings().PRIVACY_RATE_LIMIT_PER_MINUTE);
/** Links e-mailed to one mailbox per day (New York days do not matter here: UTC days). Further requests are answered alike and send nothing. */
export const LINKS_PER_ADDRESS_PER_DAY = 3;

export class InvalidPrivacyLink extends VisibleError {
  constructor() {
    super(400, "privacy.invalid_link", PRIVACY_MESSAGES.invalidLink);
  }
}

/** A day's allowance of links to one mailbox, counted under a hash of the mailbox (no address stored). */
async function claimAddressSlot(email: string, now: number): Promise<boolean> {
  const day = new Date(now).toISOString().slice(0, 10);
  const mailbox = createHash("sha256")
    .update(`privacy\n${mailboxOf(email)}`)
    .digest("base64url");
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.privacyAddressDay(mailbox, day),
        UpdateExpression: "ADD sent :one SET expiresAt = :exp",
        ConditionExpression: "attribute_not_exists(sent) OR sent < :max",
        ExpressionAttributeValues: { ":one": 1, ":max": LINKS_PER_ADDRESS_PER_DAY, ":exp": Math.floor(now / 1000) + 24 * 3600 + RATE_WINDOW_SECONDS },
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === "ConditionalCheckFailedException") return false;
    throw err;
  }
}

/**
 * The request's item, its admin index row and the count cards' counter
 * (counts.ts): the writes of every change to a request. Without a condition the request is new; a
 * condition names the status the request is rewritten from (`was`).
 */
export function requestWrites(
  req: PrivacyRequest,
  condition?: { expression: string; names?: Record<string, string>; values: Record<string, unknown>; was: StoredStatus },
) {
  const { email, ...rest } = req;
  return [
    {
      Put: {
        TableName: table(),
        Item: { ...Keys.privacyRequest(req.id), type: "privacyRequest", ...rest, ...(email ? { email } : {}) },
        ...(condition
          ? {
              ConditionExpression: condition.expression,
              ExpressionAttributeValues: condition.values,
              ...(condition.names ? { ExpressionAttributeNames: condition.names } : {}),
            }
          : {}),
      },
    },
    { Put: { TableName: table(), Item: indexItem(req) } },
    ...counterWrites(req, condition?.was),
  ];
}

/** The condition that a request is still in `status` when it is rewritten. */
export const whileStatus = (status: StoredStatus) => ({
  expression: "#status = :was",
  names: { "#status": "status" },
  values: { ":was": status },
  was: status,
});

export async function readRequest(id: string): Promise<PrivacyRequest | undefined> {
  const res = await db().send(new GetCommand({ TableName: table(), Key: Keys.privacyRequest(id), ConsistentRead: true }));
  if (!res.Item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...req } = res.Item;
  return req as PrivacyRequest;
}

/**
 * Records a pending request and its link's token, then e-mails the link. Answers nothing: the
 * caller says the same to everyone. A mailbox past its daily allowance gets nothing more (logged).
 */
export async function request(email: string, now = Date.now()): Promise<void> {
  const address = email.trim();
  if (!(await claimAddressSlot(address, now))) {
    log.info("deletion link not sent: the address's daily allowance is used", { person: personHash(address) });
    return;
  }
  const token = newToken();
  const tokenKey = Keys.privacyToken(hashToken(token));
  const req: PrivacyRequest = {
    id: sortableId(now),
    status: "pending",
    person: personHash(address),
    requestedAt: new Date(now).toISOString(),
    validUntil: new Date(now + DELETION_LINK_SECONDS * 1000).toISOString(),
    downloads: 0,
    expiresAt: Math.floor(now / 1000) + DELETION_REQUEST_RECORD_DAYS * 24 * 3600,
  };
  const tokenItem = {
    ...tokenKey,
    ...personIndex(address, "privacyToken", tokenKey),
    type: "privacyToken",
    email: normaliseEmail(address),
    requestId: req.id,
    validUntil: req.validUntil,
    expiresAt: Math.floor(now / 1000) + DELETION_LINK_SECONDS,
  };
  await db().send(new TransactWriteCommand({ TransactItems: [...requestWrites(req), { Put: { TableName: table(), Item: tokenItem } }] }));
  await Mail.send({ kind: "privacy-link", to: [address], ...linkEmail(token) });
}

export interface OpenLink {
  email: string;
  requestId: string;
  validUntil: string;
  tokenKey: { pk: string; sk: string };
}

/** The link's token → its address and request; an unknown, expired or used token is an InvalidPrivacyLink. */
export async function openLink(token: string): Promise<OpenLink> {
  if (!isTokenShape(token)) throw new InvalidPrivacyLink();
  const tokenKey = Keys.privacyToken(hashToken(token));
  const res = await db().send(new GetCommand({ TableName: table(), Key: tokenKey, ConsistentRead: true }));
  const item = res.Item;
  if (!item || Date.parse(String(item.validUntil)) <= Date.now()) throw new InvalidPrivacyLink();
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
