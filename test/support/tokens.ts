import { createHmac, createSign, generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { cognitoClient } from "../../scripts/local/provision";

/**
 * Tokens for authorization tests. cognito-local signs with a private key shipped in its npm package,
 * so a test can mint tokens that carry a valid signature but a wrong issuer, audience or expiry —
 * what a real attacker cannot do, but what proves the authorizer checks each claim on its own.
 */
const require = createRequire(import.meta.url);
const cognitoLocalKey = (JSON.parse(readFileSync(require.resolve("cognito-local/lib/keys/cognitoLocal.private.json"), "utf8")) as { pem: string }).pem;
/** The key id cognito-local puts in every token header (its JWKS serves it). */
const COGNITO_LOCAL_KID = "CognitoLocal";

export type Claims = Record<string, unknown>;

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function decodeClaims(token: string): Claims {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8")) as Claims;
}

/** An RS256 JWT over `claims`, by default with cognito-local's own key (so the signature verifies). */
export function signJwt(claims: Claims, opts: { privateKeyPem?: string; kid?: string } = {}): string {
  const header = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid: opts.kid ?? COGNITO_LOCAL_KID }));
  const body = b64url(JSON.stringify(claims));
  const signature = createSign("RSA-SHA256")
    .update(`${header}.${body}`)
    .sign(opts.privateKeyPem ?? cognitoLocalKey);
  return `${header}.${body}.${b64url(signature)}`;
}

/** A token in the shape of "alg confusion" attacks: unsigned (`none`) or HMAC-signed with a public value. */
export function unsignedJwt(claims: Claims): string {
  return `${b64url(JSON.stringify({ alg: "none", typ: "JWT", kid: COGNITO_LOCAL_KID }))}.${b64url(JSON.stringify(claims))}.`;
}

export function hmacJwt(claims: Claims, secret: string): string {
  const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT", kid: COGNITO_LOCAL_KID }));
  const body = b64url(JSON.stringify(claims));
  return `${header}.${body}.${createHmac("sha256", secret).update(`${header}.${body}`).digest("base64url")}`;
}

let otherKey: string | undefined;
/** A private key nobody trusts, for "bad signature" tokens. */
export function untrustedKey(): string {
  otherKey ??= generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  return otherKey;
}

/**
 * A confirmed user in cognito-local (optionally in the `admin` group), signed in with the app
 * client: its real access and ID tokens.
 */
export async function signIn(
  cognito: { endpoint: string; userPoolId: string; clientId: string },
  email: string,
  admin: boolean,
): Promise<{ accessToken: string; idToken: string }> {
  const client = cognitoClient(cognito.endpoint);
  const password = "Test-password-1!";
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: cognito.userPoolId,
      Username: email,
      MessageAction: "SUPPRESS",
      UserAttributes: [{ Name: "email", Value: email }],
    }),
  );
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: cognito.userPoolId, Username: email, Password: password, Permanent: true }));
  if (admin) await client.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: email, GroupName: "admin" }));
  const auth = await client.send(
    new InitiateAuthCommand({ AuthFlow: "USER_PASSWORD_AUTH", ClientId: cognito.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  client.destroy();
  return { accessToken: auth.AuthenticationResult!.AccessToken!, idToken: auth.AuthenticationResult!.IdToken! };
}
