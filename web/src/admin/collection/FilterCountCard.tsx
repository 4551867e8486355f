import { Card, Loader, Text, UnstyledButton } from "@mantine/core";
import { formatCount } from "../../lib/format";

/**
 * A count card above a collection's list that is also its filter: pressed, the list shows what it
 * counts (`active` marks it); a loader until the count is known.
 */
export function FilterCountCard({ label, value, active, onClick }: { label: string; value: number | undefined; active: boolean; onClick: () => void }) {
  return (
    <UnstyledButton onClick={onClick} aria-pressed={active}>
      <Card
        withBorder
        radius="lg"
        padding="md"
        bg={active ? "brand.0" : undefined}
        style={active ? { borderColor: "var(--mantine-color-brand-6)" } : undefined}
      >
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
