import { randomUUID } from "node:crypto";
import { AdminGetUserCommand, InitiateAuthCommand, RespondToAuthChallengeCommand } from "@aws-sdk/client-cognito-identity-provider";
import { afterAll, describe, expect, it } from "vitest";
import { settings } from "@site/core/config";
import { createAdmin, explain, temporaryPassword } from "../../scripts/create-admin";
import { cognitoClient, ensureUser } from "../../scripts/local/provision";

/** `npm run admin:create` against cognito-local (the --local path, with a temporary password). */
const cognito = cognitoClient(settings().USER_POOL_ENDPOINT);
afterAll(() => cognito.destroy());
const pool = () => settings().USER_POOL_ID;
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
/** The groups a sign-in's access token carries: what the API's admin check reads. */
async function groupsOf(email: string, password: string): Promise<string[]> {
  const res = await cognito.send(
    new InitiateAuthCommand({
      ClientId: settings().USER_POOL_CLIENT_ID,
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return claimsOf(res.AuthenticationResult!.AccessToken!)["cognito:groups"] ?? [];
}

describe("npm run admin:create", () => {
  it("creates a verified user in the admin group who must choose a new password at first sign-in", async () => {
    const email = `New.Admin-${randomUUID().slice(0, 6)}@Example.org`;
    const password = temporaryPassword();
    const result = await createAdmin({ email, userPoolId: pool(), cognito, temporaryPassword: password });
    const normalised = email.toLowerCase();
    expect(result).toEqual({ email: normalised, created: true, temporaryPassword: password });

    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: pool(), Username: normalised }));
    expect(user.UserStatus).toBe("FORCE_CHANGE_PASSWORD");
    expect(Object.fromEntries(user.UserAttributes!.map((a) => [a.Name, a.Value]))).toMatchObject({ email: normalised, email_verified: "true" });

    // what /admin/login does: the temporary password asks for a new one, which then signs in
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: settings().USER_POOL_CLIENT_ID,
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: normalised, PASSWORD: password },
      }),
    );
    expect(auth.ChallengeName).toBe("NEW_PASSWORD_REQUIRED");
    const done = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: settings().USER_POOL_CLIENT_ID,
        ChallengeName: "NEW_PASSWORD_REQUIRED",
        Session: auth.Session,
        ChallengeResponses: { USERNAME: normalised, NEW_PASSWORD: "Chosen-Password-42!" },
      }),
    );
    expect(claimsOf(done.AuthenticationResult!.AccessToken!)["cognito:groups"]).toEqual(["admin"]);
  });

  it("only adds an existing user to the group, keeping their password", async () => {
    const email = `existing-${randomUUID().slice(0, 6)}@example.org`;
    await ensureUser(settings().USER_POOL_ENDPOINT!, pool(), { email, password: "Existing-Pass-1!", admin: false });
    expect(await groupsOf(email, "Existing-Pass-1!")).toEqual([]);
    const result = await createAdmin({ email, userPoolId: pool(), cognito, temporaryPassword: temporaryPassword() });
    expect(result).toEqual({ email, created: false, temporaryPassword: undefined });
    expect(await groupsOf(email, "Existing-Pass-1!")).toEqual(["admin"]);
    // running it again changes nothing
    await createAdmin({ email, userPoolId: pool(), cognito });
    expect(await groupsOf(email, "Existing-Pass-1!")).toEqual(["admin"]);
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: pool(), Username: email }));
    expect(user.UserStatus).toBe("CONFIRMED");
  });

  it("refuses an invalid e-mail and explains failures", async () => {
    const err = await createAdmin({ email: "not-an-email", userPoolId: pool(), cognito }).catch((e) => e);
    expect(explain(err, "here")).toBe("--email must be an e-mail address, e.g. ana@example.org");
    const missing = await createAdmin({ email: "a@example.org", userPoolId: "us-east-1_nope", cognito }).catch((e) => e);
    expect(explain(missing, "user pool us-east-1_nope")).toMatch(/user pool us-east-1_nope/);
    const down = await createAdmin({ email: "a@example.org", userPoolId: pool(), cognito: cognitoClient("http://127.0.0.1:1") }).catch((e) => e);
    expect(explain(down, "cognito-local at http://127.0.0.1:1")).toBe(
      "cognito-local at http://127.0.0.1:1 is not reachable. Is the local stack running (npm start)?",
    );
  });
});
