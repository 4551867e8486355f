export * as Admins from "./index";

import { AdminGetUserCommand, CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { settings } from "../config";
import type { Starter } from "../jobs";
import { errorAttributes, log } from "../log";
import { SERVICE_TIMEOUTS, sdkRequestHandler } from "../util/sdk-http";

/** Who an admin route's caller is, from the token's claims (access tokens carry `username`, not `email`). */
export interface Caller {
  sub: string;
  username?: string;
  email?: string;
}

let client: CognitoIdentityProviderClient | undefined;
function cognito() {
  if (!client) {
    const s = settings();
    client = new CognitoIdentityProviderClient({
      region: s.AWS_REGION,
      requestHandler: sdkRequestHandler(SERVICE_TIMEOUTS),
      ...(s.USER_POOL_ENDPOINT ? { endpoint: s.USER_POOL_ENDPOINT, credentials: { accessKeyId: "local", secretAccessKey: "local" } } : {}),
    });
  }
  return client;
}

const emails = new Map<string, string>();
const MAX_CACHED = 500;

/**
 * The administrator's e-mail: the token's `email` claim (ID tokens), else Cognito's AdminGetUser for
 * the token's `username` (or `sub`), cached per process. Falls back to the username when Cognito
 * cannot answer, so an audit entry always names someone.
 */
export async function emailOf(caller: Caller): Promise<string> {
  if (caller.email) return caller.email;
  const username = caller.username || caller.sub;
  const cached = emails.get(username);
  if (cached) return cached;
  try {
    const res = await cognito().send(new AdminGetUserCommand({ UserPoolId: settings().USER_POOL_ID, Username: username }));
    const email = res.UserAttributes?.find((a) => a.Name === "email")?.Value;
    if (!email) return username;
    if (emails.size >= MAX_CACHED) emails.clear();
    emails.set(username, email);
    return email;
  } catch (err) {
    log.warn("admin e-mail lookup failed", { username, ...errorAttributes(err) });
    return username;
  }
}

/** The caller as a job's starter: their e-mail for the audit trail, their `sub` for the job's owner (core/jobs). */
export async function starter(caller: Caller): Promise<Starter> {
  return { email: await emailOf(caller), sub: caller.sub };
}

/** For tests that switch endpoints between runs. */
export function resetAdmins() {
  client?.destroy();
  client = undefined;
  emails.clear();
}
