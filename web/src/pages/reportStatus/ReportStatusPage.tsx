import { Alert, Card, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router-dom";
import { LinkButton } from "../../components/page/LinkButton";
import { STATUS as WORDS } from "../../content/report-status";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { ApiError, request } from "../../lib/api";
import { REPORT_STATUS_API, formatDay, type ReportStatusView } from "./reportStatusApi";
import { useNoIndex } from "./useNoIndex";

type View = { state: "loading" } | { state: "ready"; report: ReportStatusView } | { state: "invalid" | "expired"; message: string } | { state: "failed" };

/**
 * /report-status/<token>: the link of the status e-mail. Shows the report's reference, status and
 * date and, when the report is in a case, the case's reference and status; nothing else of the
 * report. A link that is unknown (404) or expired (410) says so and offers a new one. Never indexed.
 */
export function ReportStatusPage() {
  const { token = "" } = useParams();
  const [view, setView] = useState<View>({ state: "loading" });
  const asked = useRef<string | null>(null);
  useNoIndex();
  useDocumentTitle(WORDS.title);

  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    request<ReportStatusView>(REPORT_STATUS_API.status(token), { fallbackMessage: WORDS.failed }).then(
      (report) => setView({ state: "ready", report }),
      (cause: unknown) => {
        if (cause instanceof ApiError && cause.status === 410) setView({ state: "expired", message: cause.message });
        else if (cause instanceof ApiError && (cause.status === 404 || cause.status === 400)) setView({ state: "invalid", message: cause.message });
        else setView({ state: "failed" });
      },
    );
  }, [token]);

  const title = view.state === "invalid" ? WORDS.invalidTitle : view.state === "expired" ? WORDS.expiredTitle : WORDS.title;
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Card radius="lg" padding="xl" shadow="md" withBorder>
        <Stack gap="lg">
          <Title order={1} c="ink.9" fz={{ base: 28, sm: 34 }}>
            {title}
          </Title>
          {view.state === "loading" && (
            <Stack align="center" gap="sm" py="md" role="status" aria-live="polite">
              <Loader color="brand.7" />
              <Text c="ink.7">{WORDS.loading}</Text>
            </Stack>
          )}
          {view.state === "ready" && <ReportFacts report={view.report} />}
          {(view.state === "invalid" || view.state === "expired") && (
            <>
              <Alert color={view.state === "expired" ? "yellow" : "red"} variant="light" role="alert">
                {view.message}
              </Alert>
              <Group>
                <LinkButton to="/report-status" color="brand.8">
                  {WORDS.askAgain}
                </LinkButton>
              </Group>
            </>
          )}
          {view.state === "failed" && (
            <Alert color="red" variant="light" role="alert">
              {WORDS.failed}
            </Alert>
          )}
        </Stack>
      </Card>
    </Container>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text c="ink.7" fw={700} fz="sm" tt="uppercase" lts="0.06em">
        {label}
      </Text>
      <Text c="ink.9" fz="lg" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function ReportFacts({ report }: { report: ReportStatusView }) {
  return (
    <Stack gap="md">
      <Group gap={48} align="flex-start">
        <Fact label={WORDS.reference} value={report.reference} testId="status-reference" />
        <Fact label={WORDS.status} value={report.status} testId="status-report" />
        <Fact label={WORDS.submitted} value={formatDay(report.createdAt)} testId="status-created" />
      </Group>
      {report.case ? (
        <Card withBorder radius="md" padding="lg" bg="gray.0">
          <Stack gap="sm">
            <Title order={2} fz="lg" c="ink.9">
              {WORDS.caseTitle}
            </Title>
            <Text c="ink.8" lh={1.6}>
              {WORDS.caseText}
            </Text>
            <Group gap={48} align="flex-start">
              <Fact label={WORDS.caseReference} value={report.case.reference} testId="status-case-reference" />
              <Fact label={WORDS.caseStatus} value={report.case.status} testId="status-case" />
            </Group>
          </Stack>
        </Card>
      ) : (
        <Text c="ink.8" lh={1.6}>
          {WORDS.noCase}
        </Text>
      )}
      {report.updates && (
        <Text c="ink.7" lh={1.6}>
          {WORDS.updates}
        </Text>
      )}
    </Stack>
  );
}
