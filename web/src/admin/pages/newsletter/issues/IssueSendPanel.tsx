import { Alert, Button, Card, Group, Stack, Text } from "@mantine/core";
import { formatCount, formatDateTimeNY } from "../../../../lib/format";
import { OperationProgressBar } from "../../../components/OperationProgressBar";
import type { Issue } from "./issuesApi";
import type { SendProgress } from "./useSendProgress";

function Counts({ issue }: { issue: Issue }) {
  const { recipients, sent, failed } = issue.counts;
  return (
    <Group gap="xl" aria-label="Delivery counts">
      <Text fz="sm">
        Recipients <strong>{formatCount(recipients)}</strong>
      </Text>
      <Text fz="sm">
        Delivered <strong>{formatCount(sent)}</strong>
      </Text>
      <Text fz="sm" c={failed > 0 ? "red.8" : undefined}>
        Failed <strong>{formatCount(failed)}</strong>
      </Text>
    </Group>
  );
}

/** Where a send is: its progress while sending, why it paused (with Resume), or its result. */
export function IssueSendPanel({ issue, progress, resuming, onResume }: { issue: Issue; progress: SendProgress; resuming: boolean; onResume: () => void }) {
  return (
    <Card withBorder radius="lg" padding="lg" aria-live="polite">
      <Stack gap="sm">
        {issue.status === "sending" && (
          <OperationProgressBar
            label={progress.job?.status === "queued" || !progress.job ? "Starting to send" : "Sending"}
            progress={progress.progress}
            percent={progress.percent}
            unit="e-mails"
          />
        )}
        {issue.status === "sending" && issue.waitingReason && (
          <Alert color="blue" variant="light" title="Waiting for the mail budget">
            <Text fz="sm">{issue.waitingReason}</Text>
          </Alert>
        )}
        {issue.status === "paused" && (
          <Alert color="orange" variant="light" role="alert" title="Sending paused">
            <Stack gap="sm">
              <Text fz="sm">{issue.pausedReason ?? "Sending stopped before every subscriber had the issue."}</Text>
              <Text fz="sm">Nobody who already has it gets it again when you resume.</Text>
              <div>
                <Button onClick={onResume} loading={resuming}>
                  Resume sending
                </Button>
              </div>
            </Stack>
          </Alert>
        )}
        {issue.status === "sent" && (
          <Text fz="sm">
            Sent {formatDateTimeNY(issue.sentAt)} (US Eastern){issue.startedBy ? `, started by ${issue.startedBy}` : ""}.
          </Text>
        )}
        <Counts issue={issue} />
      </Stack>
    </Card>
  );
}
