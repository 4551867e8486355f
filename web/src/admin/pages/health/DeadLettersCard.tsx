import { Alert, Badge, Button, Code, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { formatDateTimeNY } from "../../../lib/format";
import { redriveDeadLetter } from "../../api/health";
import { DataTable } from "../../components/DataTable";
import { HealthSection } from "./HealthSection";
import { canRedrive, countText, MESSAGES, newestFirst, REDRIVEN_LABEL, redriveLabel, SOURCE_LABELS, type DeadLetter, type HealthReport } from "./health";

const COLUMNS = [
  { header: "When", width: 150 },
  { header: "Where", width: 190 },
  { header: "Event", width: 210 },
  { header: "Error" },
  { header: "State", width: 170 },
  { header: "Re-drive", width: 150 },
];

type Outcome = { kind: "redriven" } | { kind: "failed"; message: string };

/**
 * The side effects that failed every retry, newest first. A subscriber's is re-driven here (its event
 * delivered to it again; `once()` keeps a half-done effect single); a stream batch's is replayed by hand.
 * `onChanged` is given the re-driven dead letter, or nothing when the report must simply be read again.
 */
export function DeadLettersCard({
  deadLetters,
  onChanged,
}: {
  deadLetters: HealthReport["deadLetters"];
  onChanged: (redriven?: DeadLetter) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const redrive = async (letter: DeadLetter) => {
    setBusy(letter.id);
    setOutcome(null);
    let redriven: DeadLetter | undefined;
    try {
      redriven = await redriveDeadLetter(letter.id);
      setOutcome({ kind: "redriven" });
    } catch (cause) {
      // a 409 (re-driven already, by another administrator) or 404: the report read again shows why
      setOutcome({ kind: "failed", message: (cause as Error)?.message || MESSAGES.redriveFailed });
    } finally {
      setBusy(null);
    }
    await onChanged(redriven);
  };

  return (
    <HealthSection
      title="Dead letters"
      aside={
        <Text fz="sm" c={deadLetters.waiting > 0 ? "red.8" : "dimmed"} fw={deadLetters.waiting > 0 ? 700 : undefined} data-testid="dead-letters-waiting">
          {countText(deadLetters.waiting, "side effect")} waiting
        </Text>
      }
    >
      <Stack gap="sm">
        {outcome?.kind === "redriven" && (
          <Alert color="brand" variant="light" role="status" withCloseButton onClose={() => setOutcome(null)}>
            {MESSAGES.redriven}
          </Alert>
        )}
        {outcome?.kind === "failed" && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setOutcome(null)}>
            {outcome.message}
          </Alert>
        )}
        <DataTable
          label="Dead-lettered side effects"
          minWidth={980}
          columns={COLUMNS}
          rows={newestFirst(deadLetters.items)}
          empty={MESSAGES.noDeadLetters}
          renderRow={(letter) => (
            <Table.Tr key={letter.id} data-dead-letter-id={letter.id}>
              <Table.Td>{formatDateTimeNY(letter.at)}</Table.Td>
              <Table.Td>
                <Text fz="sm">{SOURCE_LABELS[letter.source]}</Text>
                <Code fz="xs" style={{ wordBreak: "break-all" }}>
                  {letter.target}
                </Code>
              </Table.Td>
              <Table.Td>
                {letter.detailType ? <Text fz="sm">{letter.detailType}</Text> : <Text fz="sm">A batch of the table's stream</Text>}
                {letter.eventId && (
                  <Code fz="xs" style={{ wordBreak: "break-all" }}>
                    {letter.eventId}
                  </Code>
                )}
              </Table.Td>
              <Table.Td>
                <Text fz="sm" lineClamp={4} title={letter.error} style={{ wordBreak: "break-word" }}>
                  {letter.error}
                </Text>
              </Table.Td>
              <Table.Td>
                <LetterState letter={letter} />
              </Table.Td>
              <Table.Td>
                {canRedrive(letter) && (
                  <Button
                    size="xs"
                    loading={busy === letter.id}
                    disabled={busy !== null && busy !== letter.id}
                    onClick={() => void redrive(letter)}
                    aria-label={redriveLabel(letter)}
                  >
                    Re-drive
                  </Button>
                )}
                {letter.state === "waiting" && letter.source === "stream" && (
                  <Text fz="xs" c="dimmed">
                    {MESSAGES.streamRedrive}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          )}
        />
        <Text fz="xs" c="dimmed">
          Times are shown in US Eastern time (America/New_York).
        </Text>
      </Stack>
    </HealthSection>
  );
}

function LetterState({ letter }: { letter: DeadLetter }) {
  if (letter.state === "waiting") {
    return (
      <Badge color="red" variant="light" tt="none">
        Waiting
      </Badge>
    );
  }
  return (
    <Stack gap={2}>
      <Badge color="green" variant="light" tt="none">
        {REDRIVEN_LABEL}
      </Badge>
      {(letter.redrivenAt || letter.redrivenBy) && (
        <Text fz="xs" c="dimmed">
          {letter.redrivenAt ? formatDateTimeNY(letter.redrivenAt) : ""}
          {letter.redrivenBy ? ` by ${letter.redrivenBy}` : ""}
        </Text>
      )}
    </Stack>
  );
}
