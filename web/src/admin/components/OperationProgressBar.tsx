import { Progress, Stack, Text } from "@mantine/core";
import { formatCount } from "../../lib/format";
import type { OperationProgress } from "../lib/progress";

/** The progress of a chunked operation: a bar plus "N of M rows". */
export function OperationProgressBar({
  label,
  progress,
  percent,
  unit = "rows",
}: {
  label: string;
  progress: OperationProgress;
  percent: number;
  unit?: string;
}) {
  return (
    <Stack gap={6}>
      <Progress value={percent} color="brand.6" size="lg" radius="xl" striped animated={percent < 100} aria-label={label} />
      <Text fz="sm" c="dimmed">
        {label}
        {progress.total !== null ? ` — ${formatCount(progress.completed)} of ${formatCount(progress.total)} ${unit}` : "..."}
      </Text>
    </Stack>
  );
}
