import { Privacy } from "@site/core/privacy";
import { ok, publicRoute } from "../lib/http";

/** The link's confirm button: `{token}` → `{erased: {signature, report, lead, newsletter}}`; the token is used up. */
export const handler = publicRoute(async (req) => {
  const { token } = req.body(Privacy.PrivacyTokenInput);
  await Privacy.countAttempt(req.meta.ipAddress);
  return ok({ erased: await Privacy.confirm(token) });
});
