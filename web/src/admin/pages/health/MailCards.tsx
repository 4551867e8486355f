import { Group, Progress, Stack } from "@mantine/core";
import { formatCount } from "../../../lib/format";
import { Figure, HealthSection } from "./HealthSection";
import { countText, type HealthReport } from "./health";

/** The paced mail queue: how many e-mails wait, and for how long. */
export function MailQueueCard({ queue }: { queue: HealthReport["mailQueue"] }) {
  return (
    <HealthSection title="Mail queue">
      <Group gap="xl">
        <Figure label="Queued" value={formatCount(queue.queued)} detail={queue.queued === 1 ? "e-mail" : "e-mails"} />
        <Figure label="Wait" value={`${formatCount(queue.seconds)} s`} detail={queue.queued === 0 ? "nothing waits" : "seconds the queue's mail waits"} />
      </Group>
    </HealthSection>
  );
}

/** The day's share of SES's quota used so far, and the sending rate (docs/architecture.md "One pacing for all mail"). */
export function MailBudgetCard({ budget }: { budget: HealthReport["mailBudget"] }) {
  const used = budget.dailyQuota > 0 ? Math.min(100, (budget.sentToday / budget.dailyQuota) * 100) : 0;
  return (
    <HealthSection title="Mail budget">
      <Stack gap="sm">
        <Group gap="xl">
          <Figure
            label="Sent today (UTC)"
            value={`${formatCount(budget.sentToday)} of ${formatCount(budget.dailyQuota)}`}
            detail={`${countText(Math.max(0, budget.dailyQuota - budget.sentToday), "e-mail")} left today`}
          />
          <Figure label="Rate" value={`${formatCount(budget.perSecond)} / s`} detail="e-mails a second at most" />
        </Group>
        <Progress value={used} color={used >= 90 ? "red" : used >= 70 ? "yellow" : "brand"} aria-label="Share of the daily quota sent" />
      </Stack>
    </HealthSection>
  );
}
