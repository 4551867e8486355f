import type { SignInOutput } from "aws-amplify/auth";

/** The name an authenticator app shows next to the code. */
export const TOTP_ISSUER = "Timeshare Owners Foundation";

/** What the login page shows next, from Amplify's sign-in (or confirm) answer. */
export type Screen =
  | { kind: "done" }
  | { kind: "newPassword" }
  /** First sign-in with MFA required: add the account to an authenticator app, then confirm a code. */
  | { kind: "totpSetup"; secret: string; uri: string }
  | { kind: "totpCode" }
  /** Cognito offers a choice of MFA types to set up; we only ever offer TOTP, so answer it. */
  | { kind: "chooseTotp" }
  | { kind: "unsupported"; step: string };

export function nextScreen(result: SignInOutput, accountName: string): Screen {
  if (result.isSignedIn) return { kind: "done" };
  const step = result.nextStep;
  switch (step.signInStep) {
    case "DONE":
      return { kind: "done" };
    case "CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED":
      return { kind: "newPassword" };
    case "CONTINUE_SIGN_IN_WITH_TOTP_SETUP":
      return {
        kind: "totpSetup",
        secret: step.totpSetupDetails.sharedSecret,
        uri: step.totpSetupDetails.getSetupUri(TOTP_ISSUER, accountName).toString(),
      };
    case "CONFIRM_SIGN_IN_WITH_TOTP_CODE":
      return { kind: "totpCode" };
    case "CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION":
    case "CONTINUE_SIGN_IN_WITH_MFA_SELECTION":
      if (!step.allowedMFATypes || step.allowedMFATypes.includes("TOTP")) return { kind: "chooseTotp" };
      return { kind: "unsupported", step: step.signInStep };
    default:
      return { kind: "unsupported", step: step.signInStep };
  }
}

export const LOGIN_FALLBACK = "An error occurred during login";
export const WRONG_CODE = "That code is not correct. Enter the current 6-digit code from your authenticator app.";
export const SESSION_EXPIRED = "Your sign-in took too long and has expired. Please sign in again.";

/** A clear message for a failed step; `restart` when the sign-in must start over. */
export function signInError(cause: unknown, atCodeStep: boolean): { message: string; restart: boolean } {
  const name = (cause as Error | undefined)?.name ?? "";
  const message = (cause as Error | undefined)?.message?.trim() ?? "";
  if (atCodeStep && (name === "CodeMismatchException" || name === "EnableSoftwareTokenMFAException")) {
    return { message: WRONG_CODE, restart: false };
  }
  if (atCodeStep && (name === "NotAuthorizedException" || /session/i.test(message))) {
    return { message: SESSION_EXPIRED, restart: true };
  }
  return { message: message || LOGIN_FALLBACK, restart: false };
}

/** Authenticator codes are 6 digits; spaces some apps show are dropped. */
export function normalizeCode(input: string): string | null {
  const code = input.replace(/\s+/g, "");
  return /^\d{6}$/.test(code) ? code : null;
}
