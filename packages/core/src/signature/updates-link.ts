import { z } from "zod";
import { settings } from "../config";
import { TOKEN_LENGTH, signatureLinkToken, verifySignatureLinkToken } from "./withdraw-link";

/**
 * The links every update e-mail carries to stop that petition's updates for that signer: the page
 * (`/petitions/<id>/updates/unsubscribe?s=<signatureId>&t=<token>`) and the RFC 8058 one-click
 * address of the `List-Unsubscribe` header, which a mail provider POSTs `List-Unsubscribe=One-Click`
 * to. The token is an HMAC like the withdraw link's, under the same LINK_SIGNING_SECRET but another
 * purpose: nothing is stored per e-mail, and it does not expire.
 */

export const UpdatesToken = z
  .string({ error: "The link's token is missing" })
  .regex(/^[A-Za-z0-9_-]+$/, "This unsubscribe link is not valid")
  .length(TOKEN_LENGTH, "This unsubscribe link is not valid");

const site = () => settings().SITE_URL.replace(/\/$/, "");

export const updatesToken = (petitionId: string, signatureId: string) => signatureLinkToken("updates", petitionId, signatureId);

export const verifyUpdatesToken = (petitionId: string, signatureId: string, token: string) =>
  verifySignatureLinkToken("updates", petitionId, signatureId, token);

/** The page the e-mail's "Stop these updates" link opens: a button posts the token (opening it changes nothing). */
export function updatesUnsubscribePageUrl(petitionId: string, signatureId: string): string {
  const query = new URLSearchParams({ s: signatureId, t: updatesToken(petitionId, signatureId) });
  return `${site()}/petitions/${encodeURIComponent(petitionId)}/updates/unsubscribe?${query.toString()}`;
}

/** The one-click address (RFC 8058) of the List-Unsubscribe header. */
export function updatesOneClickUrl(petitionId: string, signatureId: string): string {
  const path = `/api/petitions/${encodeURIComponent(petitionId)}/signatures/${encodeURIComponent(signatureId)}/updates/unsubscribe`;
  return `${site()}${path}?t=${encodeURIComponent(updatesToken(petitionId, signatureId))}`;
}
