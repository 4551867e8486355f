import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/** Title, optional subtitle and back link, actions on the right. */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      {back && (
        <div>
          <Button component={Link} to={back.to} variant="subtle" size="compact-sm" px={4}>
            ← {back.label}
          </Button>
        </div>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz={30} c="ink.9">
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}
