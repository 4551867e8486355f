import { inject } from "vitest";
import { localAuthorizer } from "../../scripts/local/auth";
import { call, httpEvent } from "./http";
import { signIn } from "./tokens";
import type { HttpEvent } from "../../packages/functions/src/lib/http";

/**
 * A real administrator in cognito-local: signs in, and returns the access token's verified claims as
 * the JWT authorizer hands them to a handler (no `email` claim: handlers resolve it with Cognito).
 */
export async function adminClaims(): Promise<{ email: string; claims: Record<string, string> }> {
  const e = inject("emulators");
  const email = `ops-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const { accessToken } = await signIn({ endpoint: e.cognito, userPoolId: e.userPoolId, clientId: e.clientId }, email, true);
  const verified = await localAuthorizer({
    issuer: `${e.cognito}/${e.userPoolId}`,
    jwksUri: `${e.cognito}/${e.userPoolId}/.well-known/jwks.json`,
    clientId: e.clientId,
  }).verify(`Bearer ${accessToken}`);
  if (!verified) throw new Error("token did not verify");
  // API Gateway passes every claim as a string, groups as "[admin]"
  const claims = Object.fromEntries(Object.entries(verified).map(([k, v]) => [k, Array.isArray(v) ? `[${v.join(" ")}]` : String(v)]));
  return { email, claims };
}

type Handler = (e: HttpEvent, c: never) => Promise<unknown>;

/** Calls an admin handler as `claims` with a realistic event. */
export function asAdmin(claims: Record<string, string>) {
  return (
    handler: Handler,
    opts: {
      method?: string;
      path?: string;
      id?: string;
      signatureId?: string;
      /** other path parameters, e.g. a lead list's `form` */
      params?: Record<string, string>;
      query?: Record<string, string | number | undefined>;
      body?: unknown;
    } = {},
  ) => {
    const event = httpEvent({
      method: opts.method ?? "GET",
      path: opts.path ?? "/api/admin",
      claims,
      body: opts.body,
      pathParameters: {
        ...(opts.id ? { id: opts.id } : {}),
        ...(opts.signatureId ? { signatureId: opts.signatureId } : {}),
        ...opts.params,
      },
    });
    const query = Object.fromEntries(
      Object.entries(opts.query ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    event.queryStringParameters = query;
    event.rawQueryString = new URLSearchParams(query).toString();
    return call(handler, event);
  };
}
