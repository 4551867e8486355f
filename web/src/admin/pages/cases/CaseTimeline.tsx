import { Card, Text, Timeline, Title } from "@mantine/core";
import type { TimelineAction } from "@site/core/cases/info";
import { easternTime, type TimelineEntry } from "./cases";

const ACTION_LABELS: Record<TimelineAction, string> = {
  created: "Case created",
  reports_added: "Reports added",
  report_removed: "Report removed",
  merged_in: "Another case merged in",
  merged_into: "Merged into another case",
  split_out: "Reports split off into a new case",
  split_from: "Split from another case",
  status: "Status changed",
  assignee: "Assignee changed",
  title: "Title changed",
  note: "Note",
  alert: "Scam alert",
};

export const actionLabel = (action: string) => ACTION_LABELS[action as TimelineAction] ?? action.replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase());

/** Every change of the case, newest first. */
export function CaseTimeline({ entries }: { entries: TimelineEntry[] }) {
  // ids are time-sortable: they order entries of the same millisecond
  const newestFirst = [...entries].sort((a, b) => (b.at + b.id).localeCompare(a.at + a.id));
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Timeline">
      <Title order={2} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="sm">
        Timeline
      </Title>
      {newestFirst.length === 0 ? (
        <Text c="dimmed" fz="sm">
          Nothing yet.
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} color="brand">
          {newestFirst.map((entry) => (
            <Timeline.Item key={entry.id} title={actionLabel(entry.action)}>
              {entry.detail && (
                <Text fz="sm" c="ink.8" style={{ overflowWrap: "anywhere" }}>
                  {entry.detail}
                </Text>
              )}
              {entry.note && (
                <Text fz="sm" c="ink.9" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {entry.note}
                </Text>
              )}
              <Text fz="xs" c="dimmed">
                {easternTime(entry.at)} · {entry.by}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}
