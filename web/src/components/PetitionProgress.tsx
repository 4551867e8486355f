import { Progress, Stack, Text } from "@mantine/core";
import { formatCount, progressValue } from "../lib/format";

/** "N of goal signatures collected" and a progress bar. */
export function PetitionProgress({ count, goal }: { count: number; goal: number }) {
  const value = progressValue(count, goal);
  return (
    <Stack gap={8}>
      <Text fw={700} fz="lg" c="ink.9">
        {formatCount(count)} of {formatCount(goal)} signatures collected
      </Text>
      <Progress
        value={value}
        color="brand.6"
        size="xl"
        radius="xl"
        striped
        animated={value < 100}
        aria-label="Signature progress"
      />
      <Text fz="sm" c="dimmed">
        {value.toFixed(1)}% of the goal
      </Text>
    </Stack>
  );
}
