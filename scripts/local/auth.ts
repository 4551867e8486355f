import { JwtRsaVerifier } from "aws-jwt-verify";

export interface LocalAuthorizer {
  /** The claims of a valid token, or undefined: the same checks API Gateway's JWT authorizer makes. */
  verify(authorization: string | undefined): Promise<Record<string, unknown> | undefined>;
}

/**
 * Verifies Cognito tokens against cognito-local's JWKS: signature, issuer, expiry, and audience
 * (`aud` for ID tokens, `client_id` for access tokens). The admin-group check is the handler's job,
 * as it is when deployed.
 */
export function localAuthorizer(opts: { issuer: string; jwksUri: string; clientId: string }): LocalAuthorizer {
  const verifier = JwtRsaVerifier.create({ issuer: opts.issuer, jwksUri: opts.jwksUri, audience: null });
  // aws-jwt-verify only fetches JWKS over https; cognito-local serves http, so we fetch and hand it over.
  let jwksLoaded: Promise<void> | undefined;
  const loadJwks = () =>
    (jwksLoaded ??= fetch(opts.jwksUri)
      .then((res) => res.json())
      .then((jwks) => verifier.cacheJwks(jwks as Parameters<typeof verifier.cacheJwks>[0]))
      .catch((err) => {
        jwksLoaded = undefined;
        throw err;
      }));
  return {
    async verify(authorization) {
      const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
      if (!token) return undefined;
      await loadJwks();
      try {
        const claims = (await verifier.verify(token)) as Record<string, unknown>;
        // aws-jwt-verify checks `exp` only when present; API Gateway requires it.
        if (typeof claims.exp !== "number") return undefined;
        const audience = claims.client_id ?? claims.aud;
        return audience === opts.clientId ? claims : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
