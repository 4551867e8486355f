import { Alert, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { downloadFrom } from "../../../lib/download";
import { casePackLink } from "../../api/cases";
import { apiPath } from "../../api/paths";
import { OperationProgressBar } from "../../components/OperationProgressBar";
import { useBackgroundJob } from "../../hooks/useBackgroundJob";
import { MESSAGES } from "./cases";

const PHASES: Record<string, string> = { queued: "Case pack queued", reading: "Reading the reports", writing: "Writing the PDF and CSV" };

/**
 * "Case pack for an authority": a server job writes the case's PDF and CSV (its reports, their
 * evidence listed); each file is then fetched through its own five-minute link, when asked for.
 */
export function CasePackPanel({ caseId }: { caseId: string }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useBackgroundJob(apiPath("startCasePack", { id: caseId }), {
    fallbackMessage: MESSAGES.packFailed,
    onDone: (done) => setJobId(done.id),
    onFailed: (reason) => setError(reason || MESSAGES.packFailed),
  });

  const download = async (file: "pdf" | "csv") => {
    if (!jobId) return;
    setError(null);
    try {
      const link = await casePackLink(jobId, file);
      downloadFrom(link.url, link.fileName);
    } catch (cause) {
      setError((cause as Error)?.message || MESSAGES.packFailed);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Case pack">
      <Title order={2} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="xs">
        Case pack for an authority
      </Title>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          A PDF and a CSV of the case&apos;s reports with their evidence listed, for the FTC or a state attorney general.
        </Text>
        {job.running && (
          <OperationProgressBar
            label={PHASES[job.job?.progress.phase ?? "queued"] ?? "Making the case pack"}
            progress={job.progress}
            percent={job.percent}
            unit="reports"
          />
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            loading={job.running}
            onClick={() => {
              setError(null);
              setJobId(null);
              void job.start();
            }}
          >
            Make the case pack
          </Button>
          {jobId && (
            <>
              <Button variant="default" onClick={() => void download("pdf")}>
                Download PDF
              </Button>
              <Button variant="default" onClick={() => void download("csv")}>
                Download CSV
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
