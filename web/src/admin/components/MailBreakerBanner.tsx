import { Alert, Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { formatDateTimeNY } from "../../lib/format";
import { resumeVisitorMail, useMailBreaker } from "../api/mailBreaker";

export const MAIL_PAUSED_TITLE = "Visitor e-mail is paused";
export const RESUME_LABEL = "Resume visitor e-mail";
const RESUME_FAILED = "Failed to resume visitor e-mail. Please try again.";

/**
 * Says, on the dashboard, when the feedback breaker (core/mail/breaker.ts) has paused e-mail to the
 * addresses visitors type, why, and resumes it on request. Nothing shows while mail goes.
 */
export function MailBreakerBanner() {
  const { data, mutate } = useMailBreaker("Failed to load the e-mail status");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!data?.open) return null;
  const resume = async () => {
    setBusy(true);
    setError(null);
    try {
      await resumeVisitorMail(RESUME_FAILED);
      await mutate();
    } catch (err) {
      setError((err as Error).message || RESUME_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="red" variant="light" role="alert" title={MAIL_PAUSED_TITLE}>
      <Text size="sm">
        Since {data.openedAt ? formatDateTimeNY(data.openedAt) : "recently"}: {data.reason ?? "too many visitor e-mails bounced or were marked as spam"}.
        Confirmation links, guides and thank-you e-mails wait; privacy links and notices to administrators still go. Look for made-up addresses among recent
        signatures, reports and forms, then resume: the held e-mails go out.
      </Text>
      {error && (
        <Text size="sm" c="red.8" mt="xs">
          {error}
        </Text>
      )}
      <Group mt="sm">
        <Button color="red" variant="filled" size="xs" loading={busy} onClick={() => void resume()}>
          {RESUME_LABEL}
        </Button>
      </Group>
    </Alert>
  );
}
