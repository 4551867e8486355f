import { Alert, Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { PackRequest } from "@site/core/delivery-pack/input";
import { STATE_CODES, US_STATES } from "@site/core/place/us-states";
import { downloadFrom } from "../../lib/download";
import { adminRequest } from "../adminApi";
import { apiPath } from "../api/paths";
import { useBackgroundJob } from "../hooks/useBackgroundJob";
import { OperationProgressBar } from "./OperationProgressBar";

export const DELIVERY_PACK_FAILED = "Failed to make the delivery pack";
const STATE_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: `${US_STATES[code]} (${code})` }));
const PHASES: Record<string, string> = { queued: "Delivery pack queued", reading: "Counting signatures", writing: "Drawing the PDF" };

/**
 * "Delivery pack (PDF)" for one petition: an optional state (its cities are counted; a pack names
 * nobody), then a server job (POST /api/admin/petitions/{id}/delivery-pack)
 * followed with its progress and downloaded through the exports' five-minute link.
 */
export function DeliveryPackDialog({ petitionId, opened, onClose }: { petitionId: string; opened: boolean; onClose: () => void }) {
  const [state, setState] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const job = useBackgroundJob(apiPath("startDeliveryPack", { id: petitionId }), {
    fallbackMessage: DELIVERY_PACK_FAILED,
    onDone: (done) => {
      setFetching(true);
      adminRequest<{ url: string; fileName: string }>(apiPath("downloadExport", { id: done.id }), { fallbackMessage: DELIVERY_PACK_FAILED })
        .then((link) => {
          downloadFrom(link.url, link.fileName);
          setSaved(link.fileName);
        })
        .catch((cause: Error) => setError(cause?.message || DELIVERY_PACK_FAILED))
        .finally(() => setFetching(false));
    },
    onFailed: (reason) => setError(reason || DELIVERY_PACK_FAILED),
  });
  const busy = job.running || fetching;

  const start = () => {
    const parsed = PackRequest.safeParse({ state: state ?? undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DELIVERY_PACK_FAILED);
      return;
    }
    setError(null);
    setSaved(null);
    void job.start(parsed.data);
  };

  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={<Text fw={800}>Delivery pack (PDF)</Text>} centered radius="lg" closeOnEscape={!busy}>
      <Stack gap="md">
        <Text c="ink.8" fz="sm">
          A PDF for lawmakers: the petition&apos;s text, its verified signatures and the date, signatures by state, and the timeline of signing. It names no
          signer.
        </Text>
        <Select
          label="State (optional)"
          description="Adds the state's signatures by city (a city with fewer than 5 is not named)."
          placeholder="All states"
          data={STATE_OPTIONS}
          value={state}
          onChange={setState}
          searchable
          clearable
          disabled={busy}
        />
        {busy && (
          <OperationProgressBar
            label={PHASES[job.job?.progress.phase ?? "queued"] ?? "Making the delivery pack"}
            progress={job.progress}
            percent={job.percent}
            unit="signatures"
          />
        )}
        {saved && (
          <Alert color="teal" variant="light" role="status">
            Delivery pack ready: {saved} is downloading.
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <Button onClick={start} loading={busy}>
            Make PDF
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
