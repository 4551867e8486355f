import { createHmac, timingSafeEqual } from "node:crypto";
import { settings } from "../config";
import { updateIf } from "../db/conditional";
import { Keys } from "../db/keys";
import { isPossibleId } from "../report";
import { VisibleError } from "../util/error";
import { REPORT_STATUS_MESSAGES } from "./answers";

/**
 * Leaving a report's status-change e-mails: the page the e-mail links to
 * (`/report-status/unsubscribe?r=<reportId>&t=<token>`, a button posts them) and the RFC 8058
 * one-click address of its `List-Unsubscribe` header, as a petition update's (signature/updates-link.ts).
 * The token is an HMAC of `report-updates:<reportId>` under LINK_SIGNING_SECRET: nothing is stored
 * per e-mail, and it does not expire. Stopping writes `caseUpdatesStoppedAt` on the report item (an
 * attribute beside its `body`, like the evidence scans'), which every status-change e-mail reads
 * before it goes: the report's own answer `wantUpdates` stays what the reporter said.
 */

export const STOPPED_ATTRIBUTE = "caseUpdatesStoppedAt";

function secret(): string {
  const value = settings().LINK_SIGNING_SECRET;
  if (!value) throw new Error("LINK_SIGNING_SECRET is not set: e-mailed links cannot be signed or checked");
  return value;
}

export const unsubscribeToken = (reportId: string) => createHmac("sha256", secret()).update(`report-updates:${reportId}`).digest("base64url");

export function isUnsubscribeToken(reportId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(reportId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const site = () => settings().SITE_URL.replace(/\/$/, "");

/** The page the e-mail's "Stop these e-mails" link opens: opening it changes nothing, its button does. */
export function unsubscribePageUrl(reportId: string): string {
  return `${site()}/report-status/unsubscribe?${new URLSearchParams({ r: reportId, t: unsubscribeToken(reportId) }).toString()}`;
}

/** The one-click address (RFC 8058) of the List-Unsubscribe header. */
export function oneClickUrl(reportId: string): string {
  return `${site()}/api/report-status/unsubscribe?${new URLSearchParams({ r: reportId, t: unsubscribeToken(reportId) }).toString()}`;
}

/** The headers that make a mail provider show its own unsubscribe button, which posts `List-Unsubscribe=One-Click`. */
export const unsubscribeHeaders = (reportId: string) => ({
  "List-Unsubscribe": `<${oneClickUrl(reportId)}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

export class InvalidUnsubscribeLink extends VisibleError {
  constructor() {
    super(403, "report_status.unsubscribe_invalid", REPORT_STATUS_MESSAGES.invalidUnsubscribe);
  }
}

/**
 * Stops the status-change e-mails of this report. A wrong token is refused (403) with nothing read
 * or written; a report already stopped, or gone (erased), answers `already_unsubscribed`.
 */
export async function stop(reportId: string, token: string, now = new Date()): Promise<"unsubscribed" | "already_unsubscribed"> {
  if (!isPossibleId(reportId) || !isUnsubscribeToken(reportId, token)) throw new InvalidUnsubscribeLink();
  const stopped = await updateIf({
    Key: Keys.report(reportId),
    UpdateExpression: "SET #stopped = :at",
    ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(#stopped)",
    ExpressionAttributeNames: { "#stopped": STOPPED_ATTRIBUTE },
    ExpressionAttributeValues: { ":at": now.toISOString() },
  });
  return stopped ? "unsubscribed" : "already_unsubscribed";
}
