// @vitest-environment jsdom
/**
 * The login page's MFA steps, against a mocked Amplify auth module: cognito-local (the local
 * emulator) cannot issue MFA challenges, so the browser tests cannot reach these screens.
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement as h } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installBrowserShims, withMantine } from "./dom-setup";

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  getCurrentUser: vi.fn(),
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
}));
vi.mock("aws-amplify/auth", () => amplify);
vi.mock("aws-amplify/utils", () => ({ Hub: { listen: () => () => {} } }));

const { AuthProvider } = await import("../src/admin/auth");
const { LoginPage } = await import("../src/admin/LoginPage");
const { SESSION_EXPIRED, TOTP_ISSUER, WRONG_CODE } = await import("../src/admin/signInSteps");

const SECRET = "JBSWY3DPEHPK3PXP";
const EMAIL = "ana@example.org";

const named = (name: string, message: string) => Object.assign(new Error(message), { name });
const next = (nextStep: Record<string, unknown>) => ({ isSignedIn: false, nextStep });
const totpSetupStep = next({
  signInStep: "CONTINUE_SIGN_IN_WITH_TOTP_SETUP",
  totpSetupDetails: {
    sharedSecret: SECRET,
    getSetupUri: (app: string, account?: string) =>
      new URL(`otpauth://totp/${encodeURIComponent(app)}:${encodeURIComponent(account ?? "")}?secret=${SECRET}&issuer=${encodeURIComponent(app)}`),
  },
});
const signedIn = { isSignedIn: true, nextStep: { signInStep: "DONE" } };

function renderLogin() {
  render(
    withMantine(
      h(
        MemoryRouter,
        { initialEntries: ["/admin/login"] },
        h(
          AuthProvider,
          null,
          h(
            Routes,
            null,
            h(Route, { path: "/admin/login", element: h(LoginPage) }),
            h(Route, { path: "/admin/dashboard", element: h("p", null, "Dashboard reached") }),
          ),
        ),
      ),
    ),
  );
}

async function signInWithPassword() {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: EMAIL } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Correct-horse-1" } });
  fireEvent.click(screen.getByRole("button", { name: "Login" }));
}

async function enterCode(code: string, button: string) {
  fireEvent.change(await screen.findByLabelText(/^Authentication code/), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: button }));
}

beforeAll(installBrowserShims);
beforeEach(() => {
  for (const fn of Object.values(amplify)) fn.mockReset();
  // Signed out: the page shows the login form; after the last step it goes to the dashboard.
  amplify.getCurrentUser.mockRejectedValue(named("UserUnAuthenticatedException", "not signed in"));
  amplify.fetchAuthSession.mockResolvedValue({});
});
afterEach(cleanup);

describe("TOTP setup on first sign-in (MFA required)", () => {
  it("shows the secret key and an otpauth link, refuses a wrong code clearly, then signs in", async () => {
    amplify.signIn.mockResolvedValue(totpSetupStep);
    amplify.confirmSignIn.mockRejectedValueOnce(named("EnableSoftwareTokenMFAException", "Code mismatch")).mockResolvedValueOnce(signedIn);
    renderLogin();
    await signInWithPassword();

    expect(await screen.findByText("Set up two-step sign-in")).toBeTruthy();
    expect(amplify.signIn).toHaveBeenCalledWith({ username: EMAIL, password: "Correct-horse-1", options: { authFlowType: "USER_PASSWORD_AUTH" } });
    expect(screen.getByTestId("totp-secret").textContent).toBe(SECRET);
    const link = screen.getByRole("link", { name: /open the setup link/i }).getAttribute("href")!;
    expect(link).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(link)).toContain(`${TOTP_ISSUER}:${EMAIL}`);
    expect(link).toContain(`secret=${SECRET}`);

    await enterCode("123456", "Verify and Continue");
    expect(await screen.findByText(WRONG_CODE)).toBeTruthy();
    expect(amplify.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: "123456" });
    expect((screen.getByLabelText(/^Authentication code/) as HTMLInputElement).value).toBe("");
    expect(screen.getByText("Set up two-step sign-in")).toBeTruthy(); // still on the setup screen

    await enterCode("654 321", "Verify and Continue");
    expect(await screen.findByText("Dashboard reached")).toBeTruthy();
    expect(amplify.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: "654321" });
  });

  it("goes from the new-password step to the TOTP setup", async () => {
    amplify.signIn.mockResolvedValue(next({ signInStep: "CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED" }));
    amplify.confirmSignIn.mockResolvedValueOnce(totpSetupStep);
    renderLogin();
    await signInWithPassword();
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: "Chosen-password-2!" } });
    fireEvent.click(screen.getByRole("button", { name: "Set Password and Continue" }));
    expect(await screen.findByText("Set up two-step sign-in")).toBeTruthy();
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: "Chosen-password-2!" });
  });

  it("answers Cognito's choice of MFA type with TOTP, the only one offered", async () => {
    amplify.signIn.mockResolvedValue(next({ signInStep: "CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION", allowedMFATypes: ["TOTP", "EMAIL"] }));
    amplify.confirmSignIn.mockResolvedValueOnce(totpSetupStep);
    renderLogin();
    await signInWithPassword();
    expect(await screen.findByText("Set up two-step sign-in")).toBeTruthy();
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: "TOTP" });
  });
});

describe("TOTP code on later sign-ins", () => {
  it("asks for the code, checks its form locally, refuses a wrong one clearly, then signs in", async () => {
    amplify.signIn.mockResolvedValue(next({ signInStep: "CONFIRM_SIGN_IN_WITH_TOTP_CODE" }));
    amplify.confirmSignIn.mockRejectedValueOnce(named("CodeMismatchException", "Invalid code received for user")).mockResolvedValueOnce(signedIn);
    renderLogin();
    await signInWithPassword();
    expect(await screen.findByText("Enter your code")).toBeTruthy();

    await enterCode("12a", "Verify");
    expect(await screen.findByText("Enter the 6-digit code from your authenticator app")).toBeTruthy();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();

    await enterCode("111111", "Verify");
    expect(await screen.findByText(WRONG_CODE)).toBeTruthy();

    await enterCode("222222", "Verify");
    expect(await screen.findByText("Dashboard reached")).toBeTruthy();
    expect(amplify.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: "222222" });
  });

  it("starts over with a clear message when the sign-in session expired", async () => {
    amplify.signIn.mockResolvedValue(next({ signInStep: "CONFIRM_SIGN_IN_WITH_TOTP_CODE" }));
    amplify.confirmSignIn.mockRejectedValueOnce(named("NotAuthorizedException", "Invalid session for the user, session is expired."));
    renderLogin();
    await signInWithPassword();
    await enterCode("333333", "Verify");
    expect(await screen.findByText(SESSION_EXPIRED)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Login" })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe(""));
  });
});
