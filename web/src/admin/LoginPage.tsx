import { Alert, Button, Card, Center, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { confirmSignIn, signIn } from "aws-amplify/auth";
import { useState, type FormEvent, type ReactNode } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { LogoMark } from "../components/Logo";
import { PageLoader } from "../components/PageLoader";
import { useDocumentTitle } from "../hooks/useDocumentTitle";
import { AccessDenied } from "./AccessDenied";
import { useAuth } from "./auth";

const LOGIN_FALLBACK = "An error occurred during login";

export function LoginPage() {
  useDocumentTitle("Admin Login");
  const { state, refresh } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set when Cognito wants a new password (administrators created with a temporary one). */
  const [newPasswordStep, setNewPasswordStep] = useState(false);
  const [newPassword, setNewPassword] = useState("");
  const [newPasswordError, setNewPasswordError] = useState<string | undefined>();

  if (state.status === "loading") return <PageLoader label="Checking your session..." />;
  if (state.status === "signedIn" && state.isAdmin) return <Navigate to="/admin/dashboard" replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = {
      ...(email.trim() ? {} : { email: "Email is required" }),
      ...(password ? {} : { password: "Password is required" }),
    };
    setFieldErrors(problems);
    setError(null);
    if (problems.email || problems.password) return;
    setBusy(true);
    try {
      const result = await signIn({
        username: email.trim(),
        password,
        options: { authFlowType: "USER_PASSWORD_AUTH" },
      });
      if (!result.isSignedIn) {
        if (result.nextStep.signInStep === "CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED") {
          setNewPasswordStep(true);
          setPassword("");
          return;
        }
        setError(`Sign-in needs another step (${result.nextStep.signInStep}), which this site does not support.`);
        return;
      }
      await finish();
    } catch (cause) {
      const message = (cause as Error)?.message;
      setError(message && message.trim() ? message : LOGIN_FALLBACK);
    } finally {
      setBusy(false);
    }
  }

  async function finish() {
    await refresh();
    navigate("/admin/dashboard", { replace: true });
  }

  async function submitNewPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!newPassword) {
      setNewPasswordError("New password is required");
      return;
    }
    setNewPasswordError(undefined);
    setBusy(true);
    try {
      const result = await confirmSignIn({ challengeResponse: newPassword });
      if (!result.isSignedIn) {
        setError(`Sign-in needs another step (${result.nextStep.signInStep}), which this site does not support.`);
        return;
      }
      await finish();
    } catch (cause) {
      const message = (cause as Error)?.message;
      setError(message && message.trim() ? message : LOGIN_FALLBACK);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Stack w="100%" maw={420} gap="lg">
        {state.status === "signedIn" && !state.isAdmin ? (
          <AccessDenied />
        ) : newPasswordStep ? (
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
function AuthCard(props: { label: string; onSubmit: (e: FormEvent<HTMLFormElement>) => void; title: string; intro: string; error: string | null; children: ReactNode }) {
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
