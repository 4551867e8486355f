/**
 * The security headers of every response, one definition for both runtimes: stacks/Web.ts turns it
 * into CloudFront's response headers policy, scripts/local/server.ts sets it on every response.
 */
import { createHash } from "node:crypto";

/** Where reCAPTCHA v3 loads its script, its badge frame and its calls from. */
export const RECAPTCHA_ORIGINS = ["https://www.google.com", "https://www.gstatic.com", "https://www.recaptcha.net"];
/** Google also serves the reCAPTCHA frame from here (developers.google.com/recaptcha/docs/faq, CSP). */
const RECAPTCHA_FRAME_ORIGINS = [...RECAPTCHA_ORIGINS, "https://recaptcha.google.com"];

/**
 * The built site's only inline script, allowed by its hash: Mantine's colour-scheme script, which
 * the prerender writes into every page's <head> (web/src/entry-server.tsx). test/build/csp.test.ts
 * proves every inline script in web/dist is listed here.
 */
export const INLINE_SCRIPT_HASHES = ["'sha256-v7rhMJ7A/lcqrNbOaDjUvgXfKVypG7FWYxFG3gUlRNY='"];

export const STRICT_TRANSPORT_SECURITY = { maxAgeSeconds: 2 * 365 * 24 * 3600, includeSubdomains: true } as const;
export const FRAME_OPTIONS = "DENY";
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
export const PERMISSIONS_POLICY = "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

export interface SecurityHeaderOptions {
  /** Origin of the Cognito endpoint the admin sign-in calls (`cognitoOrigin`). */
  cognitoOrigin: string;
  /**
   * Origin of the evidence bucket, where the report wizard POSTs files with a presigned policy
   * (`evidenceOrigin`). Unset: the site cannot upload evidence.
   */
  evidenceOrigin?: string;
  /**
   * `npm run dev` only: Vite's dev server injects an inline React Refresh preamble and talks to its
   * HMR websocket; the built site (deployed, `npm start`, browser tests) never needs either.
   */
  viteDevServer?: boolean;
}

/** Deployed: Cognito's regional endpoint; locally: cognito-local's origin (USER_POOL_ENDPOINT). */
export function cognitoOrigin(region: string, endpoint?: string): string {
  return endpoint ? new URL(endpoint).origin : `https://cognito-idp.${region}.amazonaws.com`;
}

/**
 * Where the browser POSTs evidence: the origin of the URL `createPresignedPost` returns
 * (packages/core/src/evidence). Deployed: the bucket's regional virtual-hosted endpoint; locally:
 * s3rver (S3_ENDPOINT), addressed by path. `bucket` may be a CDK token.
 */
export function evidenceOrigin(bucket: string, region: string, endpoint?: string): string {
  return endpoint ? new URL(endpoint).origin : `https://${bucket}.s3.${region}.amazonaws.com`;
}

/** A policy's header value from its directives and their sources. */
export const policyOf = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");

export function contentSecurityPolicy({ cognitoOrigin, evidenceOrigin, viteDevServer = false }: SecurityHeaderOptions): string {
  return policyOf({
    "default-src": ["'self'"],
    // A hash source disables 'unsafe-inline', so the dev server's relaxation replaces the hashes.
    "script-src": ["'self'", ...(viteDevServer ? ["'unsafe-inline'"] : INLINE_SCRIPT_HASHES), ...RECAPTCHA_ORIGINS],
    // Mantine writes <style> elements (its CSS variables) and style="" attributes (style props) at
    // run time; a static site cannot give them a nonce, and hashes do not cover attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", cognitoOrigin, ...(evidenceOrigin ? [evidenceOrigin] : []), ...RECAPTCHA_ORIGINS, ...(viteDevServer ? ["ws:"] : [])],
    "frame-src": RECAPTCHA_FRAME_ORIGINS,
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  });
}

/**
 * The policy every page that runs no reCAPTCHA adds in a `<meta>` at the top of its `<head>`
 * (web/scripts/prerender.mjs). A document obeys every policy it has, so on those pages Google's
 * scripts and frames are refused although the site-wide header (one per CloudFront behaviour, shared
 * by all pages) lists them for the captcha pages. A meta policy may not carry frame-ancestors;
 * the header keeps that.
 */
export const WITHOUT_CAPTCHA_POLICY = `script-src 'self' ${INLINE_SCRIPT_HASHES.join(" ")}; frame-src 'none'`;

/** The `<meta>` element of `WITHOUT_CAPTCHA_POLICY`. */
export const withoutCaptchaMeta = () => `<meta http-equiv="Content-Security-Policy" content="${WITHOUT_CAPTCHA_POLICY}" />`;

export const strictTransportSecurity = () =>
  `max-age=${STRICT_TRANSPORT_SECURITY.maxAgeSeconds}${STRICT_TRANSPORT_SECURITY.includeSubdomains ? "; includeSubDomains" : ""}`;

/** Header name → value, as the browser receives them. */
export function securityHeaders(opts: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(opts),
    "Strict-Transport-Security": strictTransportSecurity(),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": FRAME_OPTIONS,
    "Referrer-Policy": REFERRER_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
}

/** A CSP hash source of an inline element's text. */
export const hashSource = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
