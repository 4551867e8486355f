import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Textarea } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { IssueContent } from "@site/core/newsletter/issues/input";
import type { UpdateSummary } from "@site/core/signature/updates";
import { formatCount, formatDateTimeNY } from "../../lib/format";
import { adminCall } from "../api/adminCall";
import { route } from "../api/paths";

export const OUTCOME_FAILED = "Failed to send the outcome";
export const UPDATES_FAILED = "Failed to load the petition's updates";

/** One update as GET /api/admin/petitions/{id}/updates lists it (the server's own type). */
type UpdateRow = UpdateSummary;

const STATUS_COLORS: Record<UpdateRow["status"], string> = { sending: "blue", paused: "orange", sent: "green", skipped: "gray" };
const STATUS_LABELS: Record<UpdateRow["status"], string> = { sending: "Sending", paused: "Paused", sent: "Sent", skipped: "Passed over" };

/**
 * A petition's updates to the signers who ticked "Tell me how this petition does": the milestone
 * e-mails sent so far (the server sends them when the count reaches a milestone) and the outcome,
 * which an administrator writes here and sends once (POST …/updates/outcome; the same subject and
 * Markdown rules as a newsletter issue, parsed by the same schema before it leaves).
 */
export function PetitionUpdatesDialog({ petitionId, opened, onClose }: { petitionId: string; opened: boolean; onClose: () => void }) {
  const [rows, setRows] = useState<UpdateRow[] | null>(null);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const load = useCallback(() => {
    adminCall<{ items: UpdateRow[] }>(route("listPetitionUpdates", { id: petitionId }), { fallbackMessage: UPDATES_FAILED })
      .then((answer) => setRows(answer.items))
      .catch((cause: Error) => setError(cause?.message || UPDATES_FAILED));
  }, [petitionId]);

  useEffect(() => {
    if (opened) load();
  }, [opened, load]);

  const outcomeSent = rows?.some((r) => r.kind === "outcome") ?? false;

  const check = () => {
    const parsed = IssueContent.safeParse({ subject, body });
    if (parsed.success) {
      setFieldErrors({});
      setConfirming(true);
      return;
    }
    setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? "body"), issue.message])));
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await adminCall(route("sendPetitionOutcome", { id: petitionId }), { body: { subject, body }, fallbackMessage: OUTCOME_FAILED });
      setConfirming(false);
      setSubject("");
      setBody("");
      load();
    } catch (cause) {
      setError((cause as Error)?.message || OUTCOME_FAILED);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={<Text fw={800}>Updates to signers</Text>} centered radius="lg" size="lg">
      <Stack gap="md">
        <Text c="ink.8" fz="sm">
          Signers who ticked &ldquo;Tell me how this petition does&rdquo; get an e-mail when the count reaches each milestone (set in Edit Goal), and the
          outcome you send here, once: those who confirmed their signature from their mailbox, or (on a petition that does not verify) whose address is a
          confirmed newsletter subscriber.
        </Text>
        {rows && rows.length === 0 && <Text fz="sm">No update has been sent yet.</Text>}
        {rows && rows.length > 0 && (
          <Table aria-label="Updates sent">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Update</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Sent</Table.Th>
                <Table.Th>Started</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.kind === "outcome" ? `Outcome: ${row.subject}` : `${formatCount(row.milestone ?? 0)} signatures`}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[row.status]} variant="light" title={row.pausedReason ?? row.waitingReason}>
                      {STATUS_LABELS[row.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{row.status === "skipped" ? "—" : `${formatCount(row.counts.sent)} of ${formatCount(row.counts.recipients)}`}</Table.Td>
                  <Table.Td>{row.startedAt ? formatDateTimeNY(row.startedAt) : "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {!outcomeSent && rows && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              check();
            }}
          >
            <Stack gap="sm">
              <Text fw={700}>Send the outcome</Text>
              <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={fieldErrors.subject} disabled={busy} />
              <Textarea
                label="Message (Markdown)"
                autosize
                minRows={5}
                value={body}
                onChange={(e) => setBody(e.currentTarget.value)}
                error={fieldErrors.body}
                disabled={busy}
              />
              {confirming ? (
                <Alert color="yellow" variant="light" title="Send the outcome now?">
                  <Stack gap="xs">
                    <Text fz="sm">It goes to every signer who asked for updates, once; it cannot be changed or sent again.</Text>
                    <Group gap="sm">
                      <Button color="brand" onClick={() => void send()} loading={busy}>
                        Yes, send it
                      </Button>
                      <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
                        Cancel
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : (
                <Group justify="flex-end">
                  <Button type="submit">Send outcome…</Button>
                </Group>
              )}
            </Stack>
          </form>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
