import { Button, Card, Group, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { NOTE_MAX } from "./cases";

/** An internal note, added to the case's timeline (never shown outside the console). */
export function CaseNoteForm({ busy, onAdd }: { busy: boolean; onAdd: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState("");
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Notes">
      <Title order={2} fz="sm" c="brand.8" tt="uppercase" lts="0.06em" mb="xs">
        Notes
      </Title>
      <Textarea
        label="Internal note"
        description="Seen by administrators only, in the timeline below."
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={NOTE_MAX}
        autosize
        minRows={2}
        maxRows={8}
      />
      <Group justify="flex-end" mt="sm">
        <Button
          variant="light"
          disabled={!text.trim() || busy}
          loading={busy}
          onClick={() =>
            void onAdd(text.trim()).then((added) => {
              if (added) setText("");
            })
          }
        >
          Add note
        </Button>
      </Group>
    </Card>
  );
}
