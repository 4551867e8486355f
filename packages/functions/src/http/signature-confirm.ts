import { settings } from "@site/core/config";
import { RateLimit } from "@site/core/ratelimit";
import { Signature } from "@site/core/signature";
import { SignatureVerification } from "@site/core/signature/verification";
import { ok, publicRoute } from "../lib/http";

/**
 * The confirmation link of a pending signature: `{token}` → 200 `{status: "confirmed" |
 * "already_confirmed", signatureCount, pendingCount}`; a wrong token is a 400, an expired link a 410.
 * The thank-you and share e-mail follows from the table's stream (signature/effects.ts).
 */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Signature.ConfirmInput);
  // Counted before the lookup, so guessing tokens costs attempts.
  await RateLimit.consumeClient(SignatureVerification.CONFIRM_RATE_SCOPE, req.meta.ipAddress, settings().SIGN_RATE_LIMIT_PER_MINUTE);
  const { answer } = await SignatureVerification.confirm(req.param("id"), req.param("signatureId"), token);
  return ok(answer);
});
