/**
 * `npm run admin:create -- --email <e-mail> [--local]`: makes someone a site administrator.
 *
 * Creates the user in the user pool (e-mail verified) and adds it to the `admin` group. Running it
 * again for an existing user only adds the group, so it is safe to repeat.
 *
 *   npm run admin:create -- --email ana@example.org --user-pool-id us-east-1_AbC --region us-east-1
 *       deployed: Cognito e-mails a temporary password (USER_POOL_ID / AWS_REGION work too)
 *   npm run admin:create -- --email ana@example.org --local
 *       the running `npm start` stack's cognito-local (COGNITO_PORT, default 9229), which sends
 *       no e-mail: a temporary password is set and printed
 *
 * Either way the administrator signs in at <site>/admin/login with the temporary password and is
 * then asked to choose a new one.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ListUserPoolsCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { z } from "zod";
import { cognitoClient } from "./local/provision";
import { repoRoot } from "./local/paths";

export const ADMIN_GROUP = "admin";
export const LOCAL_USER_POOL_NAME = "timeshare-local";

const Email = z.string({ error: "--email is required" }).trim().toLowerCase().pipe(z.email("--email must be an e-mail address, e.g. ana@example.org"));

export interface CreateAdminOptions {
  email: string;
  userPoolId: string;
  cognito: CognitoIdentityProviderClient;
  /** Set (and return) this temporary password instead of having Cognito e-mail one (cognito-local). */
  temporaryPassword?: string;
}

export interface CreateAdminResult {
  email: string;
  /** false when the user already existed (only the group was added) */
  created: boolean;
  temporaryPassword?: string;
}

/** A temporary password that meets Cognito's default policy (upper, lower, digit, symbol, 8+). */
export const temporaryPassword = () => `Temp-${randomBytes(9).toString("base64url")}7a!`;

const nameOf = (err: unknown) => (err as Error)?.name;

/** Creates the user if missing (e-mail verified) and adds it to the admin group. */
export async function createAdmin(opts: CreateAdminOptions): Promise<CreateAdminResult> {
  const email = Email.parse(opts.email);
  const { cognito, userPoolId } = opts;
  let created = false;
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  } catch (err) {
    if (nameOf(err) !== "UserNotFoundException") throw err;
    try {
      await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: email,
          UserAttributes: [
            { Name: "email", Value: email },
            { Name: "email_verified", Value: "true" },
          ],
          ...(opts.temporaryPassword
            ? { TemporaryPassword: opts.temporaryPassword, MessageAction: "SUPPRESS" as const }
            : { DesiredDeliveryMediums: ["EMAIL" as const] }),
        }),
      );
      created = true;
    } catch (createErr) {
      // created meanwhile by someone else: fine, it only needs the group
      if (nameOf(createErr) !== "UsernameExistsException") throw createErr;
    }
  }
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: ADMIN_GROUP }));
  return { email, created, temporaryPassword: created ? opts.temporaryPassword : undefined };
}

/** Why a Cognito call failed, in words the operator can act on. */
export function explain(err: unknown, target: string): string {
  const name = nameOf(err);
  const message = (err as Error)?.message ?? String(err);
  if (err instanceof z.ZodError) return err.issues.map((i) => i.message).join("; ");
  if (name === "ResourceNotFoundException") return `${target}: the user pool does not exist (${message})`;
  if (name === "InvalidParameterException" || name === "InvalidPasswordException") return `${target}: ${message}`;
  if (name === "CredentialsProviderError" || /credential/i.test(message)) {
    return `${target}: no AWS credentials (set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY)`;
  }
  if (name === "AccessDeniedException" || name === "NotAuthorizedException") return `${target}: access denied (${message})`;
  if (/ECONNREFUSED|fetch failed|connect/i.test(message) || (err as { code?: string })?.code === "ECONNREFUSED") {
    return `${target} is not reachable. Is the local stack running (npm start)?`;
  }
  return `${target}: ${name ? `${name}: ` : ""}${message}`;
}

async function main() {
  const usage = "Usage: npm run admin:create -- --email <e-mail> [--local] [--user-pool-id <id>] [--region <region>] [--site-url <url>]";
  let values: { email?: string; local?: boolean; "user-pool-id"?: string; region?: string; "site-url"?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        local: { type: "boolean", default: false },
        "user-pool-id": { type: "string" },
        region: { type: "string" },
        "site-url": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const email = Email.safeParse(values.email);
  if (!email.success) {
    console.error(`${email.error.issues.map((i) => i.message).join("; ")}\n${usage}`);
    process.exit(2);
  }

  let cognito: CognitoIdentityProviderClient;
  let userPoolId: string;
  let site: string;
  let target: string;
  let password: string | undefined;
  if (values.local) {
    if (existsSync(join(repoRoot, ".env"))) process.loadEnvFile(join(repoRoot, ".env"));
    const endpoint = `http://127.0.0.1:${process.env.COGNITO_PORT || 9229}`;
    target = `cognito-local at ${endpoint}`;
    site = values["site-url"] ?? `http://localhost:${process.env.PORT || 3000}`;
    cognito = cognitoClient(endpoint);
    try {
      const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
      const pool = pools.UserPools?.find((p) => p.Name === LOCAL_USER_POOL_NAME);
      if (!pool?.Id) throw new Error(`no user pool named "${LOCAL_USER_POOL_NAME}" yet; start the stack once with npm start`);
      userPoolId = pool.Id;
    } catch (err) {
      console.error(`Cannot create the administrator: ${explain(err, target)}`);
      process.exit(1);
    }
    password = temporaryPassword();
  } else {
    userPoolId = values["user-pool-id"] ?? process.env.USER_POOL_ID ?? "";
    if (!userPoolId) {
      console.error(`Say which user pool: --user-pool-id <id> (the UserPoolId output of npm run deploy) or USER_POOL_ID, or --local.\n${usage}`);
      process.exit(2);
    }
    const region = values.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? userPoolId.split("_")[0];
    target = `user pool ${userPoolId} (${region})`;
    site = values["site-url"] ?? process.env.SITE_URL ?? "https://<your site>";
    cognito = new CognitoIdentityProviderClient({ region });
  }

  try {
    const result = await createAdmin({ email: email.data, userPoolId, cognito, temporaryPassword: password });
    const login = `${site.replace(/\/$/, "")}/admin/login`;
    if (!result.created) {
      console.log(`${result.email} already exists in ${target}; it is now in the "${ADMIN_GROUP}" group (its password is unchanged).`);
      console.log(`They sign in at ${login}.`);
    } else if (result.temporaryPassword) {
      console.log(`Created ${result.email} in ${target} and added it to the "${ADMIN_GROUP}" group.`);
      console.log(`\n  Sign in at  ${login}\n  e-mail      ${result.email}\n  temporary   ${result.temporaryPassword}\n`);
      console.log("then choose a new password when asked.");
    } else {
      console.log(`Created ${result.email} in ${target} and added it to the "${ADMIN_GROUP}" group.`);
      console.log(`Cognito is e-mailing them a temporary password. They sign in at ${login} with it, then choose a new password when asked.`);
      console.log(
        `The temporary password expires after 7 days; to send a new one: aws cognito-idp admin-create-user --user-pool-id ${userPoolId} --username ${result.email} --message-action RESEND`,
      );
    }
  } catch (err) {
    console.error(`Cannot create the administrator: ${explain(err, target)}`);
    process.exit(1);
  } finally {
    cognito.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
