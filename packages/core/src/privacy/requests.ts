import { createHash } from "node:crypto";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { settings } from "../config";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { errorAttributes, log } from "../log";
import { Mail, MailDeferred, mailboxOf } from "../mail";
import { hashToken, isTokenShape, newToken } from "../util/token";
import { RateLimit } from "../ratelimit";
import { normaliseEmail } from "../util/email";
import { VisibleError } from "../util/error";
import { sortableId } from "../util/id";
import { linkEmail } from "./emails";
import { counterWrites } from "./counts";
import { indexItem, type PrivacyRequest, type StoredStatus } from "./index-item";
import { PRIVACY_MESSAGES } from "./input";
import { keptPersonHash, personIndex } from "../db/person-index";
import { DELETION_LINK_SECONDS, DELETION_REQUEST_RECORD_DAYS, RATE_WINDOW_SECONDS } from "../policy/retention";

/**
 * Deletion requests. Anyone may type an address; only its mailbox gets the link. The
 * request (for administrators, kept DELETION_REQUEST_RECORD_DAYS) holds the person's kept hash
 * (db/person-index.ts `keptPersonHash`: keyed, so it cannot be tested against guessed addresses, and
 * the same name the suppression list and the audit trail give the person); the link's token is stored as its
 * SHA-256 with the address for DELETION_LINK_HOURS; the visitor's answer is the same whether or
 * not the address holds data, and nothing is looked up until the link is opened.
 */

export const RATE_SCOPE = "privacy";

/**
 * Counts one attempt of the client at a privacy route (a request, or a look, download or erase
 * with a link's token) before anything is looked up, so guessing tokens costs attempts: a 429 past
 * PRIVACY_RATE_LIMIT_PER_MINUTE.
 */
export const countAttempt = (ipAddress: string) => RateLimit.consumeClient(RATE_SCOPE, ipAddress, settings().PRIVACY_RATE_LIMIT_PER_MINUTE);
/** Links e-mailed to one mailbox per day (New York days do not matter here: UTC days). Further requests are answered alike and send nothing. */
export const LINKS_PER_ADDRESS_PER_DAY = 3;

export class InvalidPrivacyLink extends VisibleError {
  constructor() {
    super(400, "privacy.invalid_link", PRIVACY_MESSAGES.invalidLink);
  }
}

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);
/** The mailbox as its daily allowance is counted: a hash (no address stored). */
const mailboxKey = (email: string) =>
  createHash("sha256")
    .update(`privacy\n${mailboxOf(email)}`)
    .digest("base64url");

/** A day's allowance of links to one mailbox. */
async function claimAddressSlot(email: string, now: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.privacyAddressDay(mailboxKey(email), dayOf(now)),
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

const LATE_LINK_MS = 60_000;

/** What a pending request's link needs: the request and the address it goes to. */
export interface LinkToSend {
  requestId: string;
  email: string;
  /** the request as `request` just wrote it: the immediate path needs no read of it */
  written?: PrivacyRequest;
}

/**
 * Records a pending request (its admin row and count), without its link: `sendOrKeep` mints and
 * mails it, now or from the scheduled drain. Answers what the link needs,
 * or nothing when the mailbox's daily allowance is used (logged): the caller says the same to everyone.
 */
export async function request(email: string, now = Date.now()): Promise<LinkToSend | undefined> {
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
  try {
    await db().send(new TransactWriteCommand({ TransactItems: requestWrites(req) }));
  } catch (err) {
    await releaseAddressSlot(address, now);
    throw err;
  }
  return { requestId: req.id, email: address, written: req };
}

/**
 * Mints the link of a request still pending (its token's item) and e-mails it. A link sent later
 * than asked for (it was kept due) is valid its whole period from now: the request's
 * `validUntil`, which its status derives from, moves with it. A request no longer pending (used,
 * erased) gets nothing.
 */
export async function sendLink(link: LinkToSend, now = Date.now()): Promise<void> {
  const req = link.written ?? (await readRequest(link.requestId));
  if (!req || req.status !== "pending") {
    log.info("privacy link not sent: its request is no longer pending", { requestId: link.requestId });
    return;
  }
  const token = newToken();
  const tokenKey = Keys.privacyToken(hashToken(token));
  // sent at once (within a minute of the request) its period is the request's; later, it starts now
  const late = now + DELETION_LINK_SECONDS * 1000 - Date.parse(req.validUntil) > LATE_LINK_MS;
  const validUntil = late ? new Date(now + DELETION_LINK_SECONDS * 1000).toISOString() : req.validUntil;
  const tokenItem = {
    ...tokenKey,
    ...personIndex(link.email, "privacyToken", tokenKey),
    type: "privacyToken",
    email: normaliseEmail(link.email),
    requestId: req.id,
    validUntil,
    expiresAt: Math.floor(Date.parse(validUntil) / 1000),
  };
  const moved = late ? requestWrites({ ...req, validUntil }, whileStatus("pending")) : [];
  await db().send(new TransactWriteCommand({ TransactItems: [...moved, { Put: { TableName: table(), Item: tokenItem } }] }));
  await Mail.send({ kind: "privacy-link", to: [link.email], ...linkEmail(token) });
}

/**
 * Sends the request's link now, or, when it cannot go (the day's mail used up, SES failing), keeps
 * it due: the scheduled mail drain sends it as soon as it can (`sendDueLinks`), and the visitor's
 * answer is the same. Only a link that could be neither sent nor kept gives the mailbox's slot back
 * (and throws).
 */
export async function sendOrKeep(link: LinkToSend, now = Date.now()): Promise<"sent" | "kept"> {
  try {
    await sendLink(link, now);
    return "sent";
  } catch (err) {
    log.warn("privacy link not sent at once: kept for the scheduled drain", { requestId: link.requestId, ...errorAttributes(err) });
    try {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...Keys.privacyLinkDue(link.requestId),
            type: "privacyLinkDue",
            requestId: link.requestId,
            email: link.email,
            // the address waits no longer than the link would have lived
            expiresAt: Math.floor(now / 1000) + DELETION_LINK_SECONDS,
          },
        }),
      );
      return "kept";
    } catch (keepErr) {
      await releaseAddressSlot(link.email, now);
      throw keepErr;
    }
  }
}

/** Links kept due at most this many per call (a page of the partition). */
const DUE_PAGE = 100;

/**
 * Sends the links kept due, oldest request first, until none is left, the budget defers them (the
 * rest wait for the next call) or `deadline` (ms since the epoch) passes. Answers how many were sent.
 */
export async function sendDueLinks(deadline = Date.now() + 10_000): Promise<number> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": Keys.privacyLinksDuePartition() },
      ConsistentRead: true,
      Limit: DUE_PAGE,
    }),
  );
  let sent = 0;
  for (const item of res.Items ?? []) {
    if (Date.now() >= deadline) break;
    const link = { requestId: String(item.requestId), email: String(item.email) };
    try {
      await sendLink(link);
    } catch (err) {
      if (err instanceof MailDeferred) break;
      log.warn("privacy link still not sent: it stays due", { requestId: link.requestId, ...errorAttributes(err) });
      continue;
    }
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.privacyLinkDue(link.requestId) }));
    sent++;
  }
  return sent;
}

/** Gives the mailbox's slot of the day back: its link could be neither sent nor queued. */
export async function releaseAddressSlot(email: string, now = Date.now()): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.privacyAddressDay(mailboxKey(email), dayOf(now)),
        UpdateExpression: "ADD sent :minus",
        ConditionExpression: "sent > :zero",
        ExpressionAttributeValues: { ":minus": -1, ":zero": 0 },
      }),
    )
    .catch((err) => {
      if ((err as Error).name !== "ConditionalCheckFailedException") throw err;
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
