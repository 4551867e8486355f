import { Amplify } from "aws-amplify";
import type { PublicConfig } from "../lib/api";

let configured: string | null = null;

/** Points Amplify at the user pool named by /api/config (cognito-local when running locally). */
export function configureAmplify(auth: PublicConfig["auth"]): void {
  const key = JSON.stringify(auth);
  if (configured === key) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.userPoolClientId,
        ...(auth.userPoolEndpoint ? { userPoolEndpoint: auth.userPoolEndpoint } : {}),
      },
    },
  });
  configured = key;
}
