import { Card, Text } from "@mantine/core";
import { formatCount } from "../../lib/format";

/** A collection's total above its list: "Submissions" over "Total Submissions: 1,234", announced as it changes. */
export function TotalCountCard({ heading, label, total }: { heading: string; label: string; total: number }) {
  return (
    <Card withBorder radius="lg" padding="md" miw={220}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts="0.06em">
        {heading}
      </Text>
      <Text fz={28} fw={800} c="ink.9" lh={1.2} aria-live="polite">
        {label}: {formatCount(total)}
      </Text>
    </Card>
  );
}
