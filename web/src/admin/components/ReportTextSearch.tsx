import { Alert, Button, Code, Group, Highlight, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { TextSearchInput } from "@site/core/report/text-search-input";
import { formatCount, formatDateTimeNY } from "../../lib/format";
import { apiPath } from "../api/paths";
import { useBackgroundJob } from "../hooks/useBackgroundJob";
import { TEXT_SEARCH_FAILED, textSearchSummary, type TextSearchMatch as Match, type TextSearchResult as Result } from "../lib/reportTextSearch";
import { OperationProgressBar } from "./OperationProgressBar";

/**
 * "Search report text" on the scam reports screen. The list's search box answers only what an index
 * serves (names, e-mails, ids and references); words inside the reports' stories are searched by a
 * server job over every report (POST /api/admin/reports/text-searches), followed with its progress,
 * whose matches are listed here. `initialText` is the list's search box when the form opens.
 */
export function ReportTextSearch({ initialText, onOpen, onClose }: { initialText: string; onOpen: (id: string) => void; onClose: () => void }) {
  const [text, setText] = useState(initialText);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<{ text: string; result: Result } | null>(null);
  const [asked, setAsked] = useState("");
  const job = useBackgroundJob(apiPath("searchReportText"), {
    fallbackMessage: TEXT_SEARCH_FAILED,
    onDone: (done) => setFound({ text: asked, result: done.result as Result }),
    onFailed: (reason) => setError(reason || TEXT_SEARCH_FAILED),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TextSearchInput.safeParse({ text });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? TEXT_SEARCH_FAILED);
      return;
    }
    setInvalid(null);
    setError(null);
    setFound(null);
    setAsked(parsed.data.text);
    void job.start(parsed.data);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Search report text">
      <Stack gap="sm">
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Search report text"
              description="Words inside the reports' stories and descriptions are not in the list's search: this looks through the text of every report, in the background."
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={invalid}
              maxLength={400}
              style={{ flex: 1, minWidth: 260 }}
            />
            <Button type="submit" loading={job.running}>
              Search
            </Button>
            <Button variant="default" onClick={onClose} disabled={job.running}>
              Close
            </Button>
          </Group>
        </form>
        {job.running && <OperationProgressBar label="Searching the text of every report…" progress={job.progress} percent={job.percent} unit="reports" />}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {found && <TextSearchMatches text={found.text} result={found.result} onOpen={onOpen} />}
      </Stack>
    </Paper>
  );
}

function TextSearchMatches({ text, result, onOpen }: { text: string; result: Result; onOpen: (id: string) => void }) {
  return (
    <Stack gap="xs">
      <Text fz="sm" role="status">
        {textSearchSummary(result, text)}
      </Text>
      {result.truncated && (
        <Alert color="yellow" variant="light">
          Showing the newest {formatCount(result.matches.length)} of {formatCount(result.matched)} matching reports. Search for a longer phrase to narrow them.
        </Alert>
      )}
      {result.matches.length > 0 && (
        <Table.ScrollContainer minWidth={800}>
          <Table striped aria-label="Reports holding the text">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Reporter</Table.Th>
                <Table.Th>Submitted (EST)</Table.Th>
                <Table.Th>Found in</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.matches.map((m: Match) => (
                <Table.Tr key={m.id} data-report-id={m.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Code fz="xs">{m.reference}</Code>
                  </Table.Td>
                  <Table.Td>{m.fullName}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTimeNY(m.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text fz="xs" c="dimmed">
                      {m.field}
                    </Text>
                    <Highlight highlight={text} fz="sm">
                      {m.snippet}
                    </Highlight>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-sm" variant="light" onClick={() => onOpen(m.id)} aria-label={`View details of report ${m.reference}`}>
                      View Details
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
