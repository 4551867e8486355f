import { settings } from "@site/core/config";
import { ok, publicRoute } from "../lib/http";

/** What the browser needs at run time; none of it is secret. */
export const handler = publicRoute(async () => {
  const s = settings();
  return ok(
    {
      defaultPetitionId: s.DEFAULT_PETITION_ID,
      // The site key alone decides: this function is deliberately not given the captcha secret.
      recaptchaSiteKey: s.CAPTCHA_SITE_KEY || null,
      auth: {
        userPoolId: s.USER_POOL_ID,
        userPoolClientId: s.USER_POOL_CLIENT_ID,
        userPoolEndpoint: s.USER_POOL_ENDPOINT ?? null,
      },
    },
    { "cache-control": "public, max-age=60" },
  );
});
