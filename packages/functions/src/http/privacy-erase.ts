import { Privacy } from "@site/core/privacy";
import { ok, publicRoute } from "../lib/http";

/**
 * The link's confirm button: `{token, mailAgain?}` → `{erased: {signature, report, lead, newsletter}}`;
 * the token is used up. `mailAgain` also lifts the address's suppression (the person asks to be e-mailed again).
 */
export const handler = publicRoute(async (req) => {
  const { token, mailAgain } = req.body(Privacy.PrivacyEraseInput);
  await Privacy.countAttempt(req.meta.ipAddress);
  return ok({ erased: await Privacy.confirm(token, { mailAgain }) });
});
