import { DeleteCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../db/client";
import { Keys } from "../db/keys";
import { personIndex } from "../db/person-index";
import { typedItem } from "../db/put-item";
import type { TransactItem } from "../db/transact";
import { errorAttributes, log } from "../log";
import { Mail, MailDeferred } from "../mail";
import { DELETION_LINK_SECONDS } from "../policy/retention";
import { normaliseEmail } from "../util/email";
import { hashToken, newToken } from "../util/token";
import { linkEmail } from "./emails";
import type { PrivacyRequest } from "./index-item";
import { readRequest, requestWrites, whileStatus } from "./requests-store";

const LATE_LINK_MS = 60_000;

/**
 * How long a new request's link is left to the request itself before the scheduled drain may send
 * it: far longer than the request's function lives, so the drain only sends a link whose request
 * crashed or failed to send it (the at-least-once promise of every e-mail here).
 */
export const IMMEDIATE_SEND_MS = 60_000;

/** What a pending request's link needs: the request and the address it goes to. */
export interface LinkToSend {
  requestId: string;
  email: string;
  /** the request as `request` just wrote it: the immediate path needs no read of it */
  written?: PrivacyRequest;
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
 * The request's link kept due, written in the request's own transaction: whatever happens to the
 * request's function after it (a crash, a timeout, SES failing), the link is sent, by the function
 * at once or by the scheduled drain once IMMEDIATE_SEND_MS have passed (`sendDueLinks`).
 */
export function dueLinkPut(link: { requestId: string; email: string }, now: number): TransactItem {
  const due = {
    requestId: link.requestId,
    email: link.email,
    notBefore: now + IMMEDIATE_SEND_MS,
    // the address waits no longer than the link would have lived
    expiresAt: Math.floor(now / 1000) + DELETION_LINK_SECONDS,
  };
  return { Put: { TableName: table(), Item: typedItem(Keys.privacyLinkDue(link.requestId), "privacyLinkDue", due) } };
}

/**
 * Sends the request's link now and forgets it as due, or, when it cannot go (the day's mail used up,
 * SES failing), leaves it due for the scheduled drain at once; the visitor's answer is the same. A
 * failure to write either is logged, not thrown: the link stays due and the drain sends it.
 */
export async function sendOrKeep(link: LinkToSend, now = Date.now()): Promise<"sent" | "kept"> {
  const Key = Keys.privacyLinkDue(link.requestId);
  try {
    await sendLink(link, now);
  } catch (err) {
    log.warn("privacy link not sent at once: kept for the scheduled drain", { requestId: link.requestId, ...errorAttributes(err) });
    await db()
      .send(new UpdateCommand({ TableName: table(), Key, UpdateExpression: "REMOVE notBefore", ConditionExpression: "attribute_exists(pk)" }))
      .catch((markErr) => log.warn("privacy link due in a minute, not at once", { requestId: link.requestId, ...errorAttributes(markErr) }));
    return "kept";
  }
  await db()
    .send(new DeleteCommand({ TableName: table(), Key }))
    .catch((err) => log.warn("privacy link sent but still due: the drain may send it again", { requestId: link.requestId, ...errorAttributes(err) }));
  return "sent";
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
      // a link its request is still sending (or sent a moment ago) is not due yet
      FilterExpression: "attribute_not_exists(notBefore) OR notBefore <= :now",
      ExpressionAttributeValues: { ":pk": Keys.privacyLinksDuePartition(), ":now": Date.now() },
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
