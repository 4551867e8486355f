import { Card, Loader, SimpleGrid, Text, UnstyledButton } from "@mantine/core";
import { formatCount } from "../../../lib/format";
import { REQUEST_STATUSES, STATUS_LABELS, type RequestCounts, type RequestStatus } from "./requests";

function CountCard({ label, value, active, onClick }: { label: string; value: number | undefined; active: boolean; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} aria-pressed={active}>
      <Card withBorder radius="lg" padding="md" bg={active ? "brand.0" : undefined} style={active ? { borderColor: "var(--mantine-color-brand-6)" } : undefined}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts="0.06em">
          {label}
        </Text>
        {value === undefined ? (
          <Loader size="sm" color="brand" mt={6} />
        ) : (
          <Text fz={26} fw={800} c="ink.9" lh={1.2}>
            {formatCount(value)}
          </Text>
        )}
      </Card>
    </UnstyledButton>
  );
}

/**
 * The count cards: every request, then each status (expired: pending past its link's validity). A
 * card filters the list by its status; pressed again, it clears the filter.
 */
export function RequestCountCards(props: { counts: RequestCounts | undefined; status: string; onStatus: (status: RequestStatus | "") => void }) {
  const { counts, status } = props;
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" role="group" aria-label="Deletion requests by status" aria-live="polite">
      <CountCard label="All requests" value={counts?.total} active={!status} onClick={() => props.onStatus("")} />
      {REQUEST_STATUSES.map((s) => (
        <CountCard key={s} label={STATUS_LABELS[s]} value={counts?.byStatus[s]} active={status === s} onClick={() => props.onStatus(status === s ? "" : s)} />
      ))}
    </SimpleGrid>
  );
}
