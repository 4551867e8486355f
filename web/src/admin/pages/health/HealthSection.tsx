import { Card, Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One titled card of the health panel, a landmark named by its title. */
export function HealthSection({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="lg" c="ink.9">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/** A figure with its label above it. */
export function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts="0.04em">
        {label}
      </Text>
      <Text fz={24} fw={800} c="ink.9" lh={1.2}>
        {value}
      </Text>
      {detail && (
        <Text fz="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </div>
  );
}
