import { CfnUserPoolGroup } from "aws-cdk-lib/aws-cognito";
import { Cognito, type StackContext } from "sst/constructs";

export const ADMIN_GROUP = "admin";

export function Auth({ stack, app }: StackContext) {
  // Administrators are created by `npm run admin:create`; nobody can sign themselves up.
  const auth = new Cognito(stack, "Auth", {
    login: ["email"],
    identityPoolFederation: false,
    cdk: {
      userPool: {
        selfSignUpEnabled: false,
        autoVerify: { email: true },
        deletionProtection: app.stage === "prod",
      },
      userPoolClient: {
        authFlows: { userPassword: true, userSrp: true },
        generateSecret: false,
        preventUserExistenceErrors: true,
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
