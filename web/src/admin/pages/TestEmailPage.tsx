import { Alert, Button, Card, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { adminCall } from "../api/adminCall";
import { route } from "../api/paths";
import { PageHeader } from "../components/PageHeader";

export const TEST_EMAIL_FALLBACK = "Failed to send test email";

type Result = { kind: "success"; message: string } | { kind: "error"; message: string } | null;

export function TestEmailPage() {
  useDocumentTitle("Test Email Notification");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const send = async () => {
    setSending(true);
    setResult(null);
    try {
      const { email } = await adminCall<{ email: string }>(route("sendTestEmail"), { fallbackMessage: TEST_EMAIL_FALLBACK });
      setResult({ kind: "success", message: `Test email sent successfully! Check ${email}` });
    } catch (cause) {
      setResult({ kind: "error", message: (cause as Error)?.message || TEST_EMAIL_FALLBACK });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <PageHeader title="Test Email Notification" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="md">
          <Text c="ink.8">Sends a test message to the e-mail address of the administrator who is signed in, to check that notifications are delivered.</Text>
          {result && (
            <Alert color={result.kind === "success" ? "brand" : "red"} variant="light" role={result.kind === "success" ? "status" : "alert"}>
              {result.message}
            </Alert>
          )}
          <div>
            <Button size="md" onClick={() => void send()} disabled={sending}>
              {sending ? "Sending..." : "Send Test Email"}
            </Button>
          </div>
        </Stack>
      </Card>
    </Stack>
  );
}
