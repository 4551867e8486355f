import { Button, Card, Group, Select, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAuth } from "../../auth";
import { updateCase, type CaseChange } from "../../api/cases";
import { STATUS_OPTIONS, TITLE_MAX, type CaseHead, type CaseStatus } from "./cases";

/**
 * The case's head as an administrator changes it: the status at once (it is e-mailed to reporters
 * who asked for updates), the title and the assignee together with Save.
 */
export function CaseHeadForm({ head, onSaved, onFailed }: { head: CaseHead; onSaved: (message: string) => void; onFailed: (message: string) => void }) {
  const { state } = useAuth();
  const me = state.status === "signedIn" ? state.username : "";
  const [title, setTitle] = useState(head.title);
  const [assignee, setAssignee] = useState(head.assignee ?? "");
  const [busy, setBusy] = useState<null | "status" | "save">(null);
  const closed = !!head.mergedInto;

  const save = async (change: CaseChange, what: "status" | "save", message: string) => {
    setBusy(what);
    try {
      await updateCase(head.id, change);
      onSaved(message);
    } catch (cause) {
      onFailed((cause as Error)?.message || "");
    } finally {
      setBusy(null);
    }
  };

  const edits: CaseChange = {};
  if (title.trim() && title.trim() !== head.title) edits.title = title.trim();
  if (assignee.trim() !== (head.assignee ?? "")) edits.assignee = assignee.trim() || null;
  const dirty = Object.keys(edits).length > 0;

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Case">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={TITLE_MAX}
          disabled={closed}
          w={{ base: "100%", sm: 320 }}
        />
        <TextInput
          label="Assignee"
          description="An administrator's e-mail address"
          value={assignee}
          onChange={(e) => setAssignee(e.currentTarget.value)}
          type="email"
          disabled={closed}
          w={{ base: "100%", sm: 280 }}
        />
        {me && assignee !== me && (
          <Button variant="subtle" onClick={() => setAssignee(me)} disabled={closed}>
            Assign to me
          </Button>
        )}
        <Button onClick={() => void save(edits, "save", "The case was saved")} disabled={!dirty || closed} loading={busy === "save"}>
          Save
        </Button>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={head.status}
          allowDeselect={false}
          disabled={closed || busy === "status"}
          onChange={(value) => {
            if (value && value !== head.status) void save({ status: value as CaseStatus }, "status", "The case's status was changed");
          }}
          w={{ base: "100%", sm: 230 }}
          ml={{ sm: "auto" }}
        />
      </Group>
    </Card>
  );
}
