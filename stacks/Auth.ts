import { CfnUserPoolGroup, ClientAttributes, Mfa } from "aws-cdk-lib/aws-cognito";
import { Cognito, type StackContext } from "sst/constructs";
import { deploySettings } from "./deploy-settings";

export const ADMIN_GROUP = "admin";

/**
 * What an administrator may change on their own account with their access token. The e-mail
 * (their identity in the audit trail), the phone number and the verified flags are managed by
 * whoever runs `npm run admin:create`, never by the administrator.
 */
export const ADMIN_WRITABLE_ATTRIBUTES = { fullname: true, givenName: true, familyName: true, locale: true, timezone: true } as const;

export function Auth({ stack, app }: StackContext) {
  const { ADMIN_MFA } = deploySettings(app.stage);
  // Administrators are created by `npm run admin:create`; nobody can sign themselves up.
  const auth = new Cognito(stack, "Auth", {
    login: ["email"],
    identityPoolFederation: false,
    cdk: {
      userPool: {
        selfSignUpEnabled: false,
        autoVerify: { email: true },
        deletionProtection: app.stage === "prod",
        // TOTP only: SMS codes can be intercepted (SIM swap) and cost money.
        mfa: ADMIN_MFA === "required" ? Mfa.REQUIRED : Mfa.OPTIONAL,
        mfaSecondFactor: { otp: true, sms: false },
        // Cognito's own default, written out so the template states it (cdk-nag AwsSolutions-COG1):
        // at least 8 characters with a lower and an upper case letter, a digit and a symbol.
        passwordPolicy: { minLength: 8, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: true },
      },
      userPoolClient: {
        authFlows: { userPassword: true, userSrp: true },
        generateSecret: false,
        preventUserExistenceErrors: true,
        writeAttributes: new ClientAttributes().withStandardAttributes(ADMIN_WRITABLE_ATTRIBUTES),
      },
    },
  });

  new CfnUserPoolGroup(stack, "AdminGroup", {
    userPoolId: auth.userPoolId,
    groupName: ADMIN_GROUP,
    description: "Site administrators: review and export submissions",
  });

  stack.addOutputs({
    UserPoolId: auth.userPoolId,
    UserPoolClientId: auth.userPoolClientId,
  });

  return { auth };
}
