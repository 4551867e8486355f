import { SimpleGrid } from "@mantine/core";
import { FilterCountCard as CountCard } from "../../collection/FilterCountCard";
import { REQUEST_STATUSES, STATUS_LABELS, type RequestCounts, type RequestStatus } from "./requests";

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
