import { Alert, Anchor, Button, Card, Center, Code, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { confirmSignIn, signIn, type SignInOutput } from "aws-amplify/auth";
import { useState, type FormEvent, type ReactNode } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { LogoMark } from "../components/Logo";
import { PageLoader } from "../components/PageLoader";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import type { RefusedState } from "../pages/UnauthorizedPage";
import { useAuth } from "./auth";
import { nextScreen, normalizeCode, signInError } from "./signInSteps";

type Step = "credentials" | "newPassword" | "totpSetup" | "totpCode";

export function LoginPage() {
  useDocumentTitle("Admin Login");
  const { state, refresh } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** After the password: a new password (temporary ones), then TOTP setup or a TOTP code. */
  const [step, setStep] = useState<Step>("credentials");
  const [newPassword, setNewPassword] = useState("");
  const [newPasswordError, setNewPasswordError] = useState<string | undefined>();
  const [totpSetup, setTotpSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();

  if (state.status === "loading") return <PageLoader label="Checking your session..." />;
  if (state.status === "signedIn" && state.isAdmin) return <Navigate to="/admin/dashboard" replace />;
  if (state.status === "signedIn") return <Navigate to="/unauthorized" replace state={{ refused: true } satisfies RefusedState} />;

  function restart(message: string) {
    setStep("credentials");
    setPassword("");
    setCode("");
    setTotpSetup(null);
    setError(message);
  }

  /** Moves to whatever Cognito asks for next; answers "which MFA?" with TOTP, the only one offered. */
  async function advance(result: SignInOutput): Promise<void> {
    const screen = nextScreen(result, email.trim());
    switch (screen.kind) {
      case "done":
        await refresh();
        void navigate("/admin/dashboard", { replace: true });
        return;
      case "chooseTotp":
        return advance(await confirmSignIn({ challengeResponse: "TOTP" }));
      case "newPassword":
        setPassword("");
        setStep("newPassword");
        return;
      case "totpSetup":
        setTotpSetup({ secret: screen.secret, uri: screen.uri });
        setCode("");
        setStep("totpSetup");
        return;
      case "totpCode":
        setCode("");
        setStep("totpCode");
        return;
      case "unsupported":
        setError(`Sign-in needs another step (${screen.step}), which this site does not support.`);
    }
  }

  /** Runs one sign-in call with the busy flag and the error mapping shared by every step. */
  async function run(call: () => Promise<SignInOutput>, atCodeStep = false) {
    setError(null);
    setBusy(true);
    try {
      await advance(await call());
    } catch (cause) {
      const failure = signInError(cause, atCodeStep);
      if (failure.restart) restart(failure.message);
      else if (atCodeStep) {
        setCode("");
        setCodeError(failure.message);
      } else setError(failure.message);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = {
      ...(email.trim() ? {} : { email: "Email is required" }),
      ...(password ? {} : { password: "Password is required" }),
    };
    setFieldErrors(problems);
    setError(null);
    if (problems.email || problems.password) return;
    await run(() => signIn({ username: email.trim(), password, options: { authFlowType: "USER_PASSWORD_AUTH" } }));
  }

  async function submitNewPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!newPassword) {
      setNewPasswordError("New password is required");
      return;
    }
    setNewPasswordError(undefined);
    await run(() => confirmSignIn({ challengeResponse: newPassword }));
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const normalized = normalizeCode(code);
    if (!normalized) {
      setCodeError("Enter the 6-digit code from your authenticator app");
      return;
    }
    setCodeError(undefined);
    await run(() => confirmSignIn({ challengeResponse: normalized }), true);
  }

  const codeInput = (
    <TextInput
      label="Authentication code"
      name="one-time-code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      required
      value={code}
      onChange={(e) => setCode(e.currentTarget.value)}
      error={codeError}
      disabled={busy}
      data-autofocus
    />
  );

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Stack w="100%" maw={420} gap="lg">
        {step === "newPassword" ? (
          <AuthCard
            label="Password change"
            onSubmit={submitNewPassword}
            title="Choose a new password"
            intro="Your account was created with a temporary password. Choose a new one to continue."
            error={error}
          >
            <PasswordInput
              label="New password"
              name="new-password"
              autoComplete="new-password"
              required
              value={newPassword}
              onChange={(e) => setNewPassword(e.currentTarget.value)}
              error={newPasswordError}
              disabled={busy}
              data-autofocus
            />
            <Button type="submit" size="md" fullWidth disabled={busy}>
              {busy ? "Saving..." : "Set Password and Continue"}
            </Button>
          </AuthCard>
        ) : step === "totpSetup" && totpSetup ? (
          <AuthCard
            label="Authenticator setup"
            onSubmit={submitCode}
            title="Set up two-step sign-in"
            intro="Administrator accounts need an authenticator app (such as Google Authenticator, Authy or 1Password). Add this account to it, then enter the 6-digit code it shows."
            error={error}
          >
            <Text fz="sm">
              On this device,{" "}
              <Anchor href={totpSetup.uri} fw={700}>
                open the setup link in your authenticator app
              </Anchor>
              , or enter this secret key in the app by hand:
            </Text>
            <Code block data-testid="totp-secret" fz="md" style={{ wordBreak: "break-all" }}>
              {totpSetup.secret}
            </Code>
            <Text fz="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
              Setup link: {totpSetup.uri}
            </Text>
            {codeInput}
            <Button type="submit" size="md" fullWidth disabled={busy}>
              {busy ? "Checking..." : "Verify and Continue"}
            </Button>
          </AuthCard>
        ) : step === "totpCode" ? (
          <AuthCard
            label="Two-step sign-in"
            onSubmit={submitCode}
            title="Enter your code"
            intro="Enter the 6-digit code from your authenticator app."
            error={error}
          >
            {codeInput}
            <Button type="submit" size="md" fullWidth disabled={busy}>
              {busy ? "Checking..." : "Verify"}
            </Button>
          </AuthCard>
        ) : (
          <AuthCard label="Admin login" onSubmit={submit} title="Admin Login" intro="Sign in with your administrator account." error={error}>
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldErrors.email}
              disabled={busy}
            />
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
              disabled={busy}
            />
            <Button type="submit" size="md" fullWidth disabled={busy}>
              Login
            </Button>
          </AuthCard>
        )}
      </Stack>
    </Center>
  );
}

/** The sign-in card: logo, title, a line of help, the error, then the form's fields. */
function AuthCard(props: {
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  title: string;
  intro: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="xl" radius="lg" shadow="sm">
      <form onSubmit={props.onSubmit} noValidate aria-label={props.label}>
        <Stack gap="md">
          <Center>
            <LogoMark size={48} />
          </Center>
          <Title order={1} fz={26} ta="center" c="ink.9">
            {props.title}
          </Title>
          <Text c="dimmed" fz="sm" ta="center">
            {props.intro}
          </Text>
          {props.error && (
            <Alert color="red" variant="light" role="alert">
              {props.error}
            </Alert>
          )}
          {props.children}
        </Stack>
      </form>
    </Card>
  );
}
