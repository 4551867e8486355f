import { Button, Card, Group, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";

/** Merge another case (by its reference or id) into this one: its reports move here, it is closed and points to this case. */
export function CaseMergeForm({ reference, busy, onMerge }: { reference: string; busy: boolean; onMerge: (other: string) => Promise<boolean> }) {
  const [other, setOther] = useState("");
  const [asking, setAsking] = useState(false);
  const target = other.trim();

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Merge">
      <Title order={2} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="xs">
        Merge
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        Another case&apos;s reports join this one; that case is closed and points here.
      </Text>
      <Group align="flex-end" gap="sm">
        <TextInput label="Other case's reference or id" value={other} onChange={(e) => setOther(e.currentTarget.value)} w={{ base: "100%", sm: 260 }} />
        <Button variant="light" disabled={!target || busy} onClick={() => setAsking(true)}>
          Merge into this case
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Merge cases"
        message={`The reports of case ${target} will move into case ${reference}, and case ${target} will be closed.`}
        confirmLabel="Merge"
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          void onMerge(target).then((merged) => {
            setAsking(false);
            if (merged) setOther("");
          })
        }
      />
    </Card>
  );
}
