import { hashSource, PERMISSIONS_POLICY, policyOf, REFERRER_POLICY, strictTransportSecurity } from "../request/security-headers";
import { EMBED_SCRIPT, EMBED_STYLE } from "./embed-widget";

/**
 * The embeddable widget's policy (site/embed-widget.ts): any site may frame it (`frame-ancestors *`,
 * and no X-Frame-Options), which no other page allows; it may run only its own inline script and
 * style (by hash) and fetch only from its own origin.
 */
export function embedContentSecurityPolicy(): string {
  return policyOf({
    "default-src": ["'none'"],
    "script-src": [hashSource(EMBED_SCRIPT)],
    "style-src": [hashSource(EMBED_STYLE)],
    "connect-src": ["'self'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["*"],
  });
}

/** The widget's headers as the browser receives them: the site's, with framing allowed. */
export function embedSecurityHeaders(): Record<string, string> {
  return {
    "Content-Security-Policy": embedContentSecurityPolicy(),
    "Strict-Transport-Security": strictTransportSecurity(),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
}
