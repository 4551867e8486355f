import { Alert, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { orNA } from "../lib/signatures";

/** One labelled value of a details view; an empty string reads "N/A". */
export function DetailField({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700} lts="0.04em">
        {label}
      </Text>
      <Text component="div" fz="sm" c="ink.9" style={{ wordBreak: "break-word", whiteSpace: "pre-wrap" }}>
        {typeof value === "string" ? orNA(value) : value}
      </Text>
    </div>
  );
}

/** Two columns of fields, as a section lays them out. */
export function DetailGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

/** A titled card of a details view (a landmark named by its title): fields in two columns, or a stack when `grid` is false. */
export function DetailSection({ title, children, grid = true }: { title: string; children: ReactNode; grid?: boolean }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={3} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="sm">
        {title}
      </Title>
      {grid ? <DetailGrid>{children}</DetailGrid> : <Stack gap="sm">{children}</Stack>}
    </Card>
  );
}

/** The modal of a details view: its title with a loader while the full record loads, then an error alert (if any) above the sections. */
export function DetailsDialog(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: "lg" | "xl";
  loading: boolean;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size={props.size ?? "lg"}
      centered
      radius="lg"
      title={
        <Group gap="sm">
          <Text fw={800} c="ink.9">
            {props.title}
          </Text>
          {props.loading && <Loader size="xs" color="brand" aria-label="Loading details" />}
        </Group>
      }
    >
      <Stack gap="md">
        {props.error && (
          <Alert color="red" variant="light" role="alert">
            {props.error}
          </Alert>
        )}
        {props.children}
      </Stack>
    </Modal>
  );
}
