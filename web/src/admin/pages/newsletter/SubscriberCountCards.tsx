import { SimpleGrid, Stack } from "@mantine/core";
import { FilterCountCard as CountCard } from "../../collection/FilterCountCard";
import { SOURCE_GROUPS, SOURCE_GROUP_LABELS, STATUSES, STATUS_LABELS, type SourceGroup, type Status, type SubscriberCounts } from "./subscribers";

/**
 * The count cards: every subscriber, each status, then each source kind (a subscriber counts once
 * per kind they consented through). A card filters the list by what it counts; pressed again, it
 * clears that filter.
 */
export function SubscriberCountCards(props: {
  counts: SubscriberCounts | undefined;
  status: string;
  source: string;
  onStatus: (status: Status | "") => void;
  onSource: (source: SourceGroup | "") => void;
}) {
  const { counts, status, source } = props;
  return (
    <Stack gap="sm" aria-live="polite">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label="Subscribers by status">
        <CountCard
          label="All subscribers"
          value={counts?.total}
          active={!status && !source}
          onClick={() => {
            props.onStatus("");
            props.onSource("");
          }}
        />
        {STATUSES.map((s) => (
          <CountCard key={s} label={STATUS_LABELS[s]} value={counts?.byStatus[s]} active={status === s} onClick={() => props.onStatus(status === s ? "" : s)} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label="Subscribers by source">
        {SOURCE_GROUPS.map((k) => (
          <CountCard
            key={k}
            label={`Source: ${SOURCE_GROUP_LABELS[k]}`}
            value={counts?.bySource[k]}
            active={source === k}
            onClick={() => props.onSource(source === k ? "" : k)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
