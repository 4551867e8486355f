import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { Milestones } from "@site/core/petition/input";
import type { Petition } from "../../lib/api";
import { formatCount } from "../../lib/format";
import { parseEditGoal } from "../lib/goal";

export const EDIT_GOAL_FALLBACK = "Failed to update petition";

/** Edits a petition's goal (numeric, minimum 0, invalid → 0, whole number), whether it counts only confirmed signatures, and its milestones. */
export function EditGoalDialog({
  petition,
  onClose,
  onSave,
}: {
  petition: Petition | null;
  onClose: () => void;
  /** rejects with the error to show */
  onSave: (petition: Petition, goal: number, verifySignatures: boolean, milestones: number[]) => Promise<void>;
}) {
  const [value, setValue] = useState<string | number>("");
  const [verify, setVerify] = useState(false);
  const [milestones, setMilestones] = useState("");
  const [milestonesError, setMilestonesError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (petition) {
      setValue(petition.goal);
      setVerify(petition.verifySignatures === true);
      setMilestones((petition.milestones ?? []).map((m) => m.toLocaleString("en-US")).join(", "));
      setMilestonesError(null);
      setError(null);
      setSaving(false);
    }
  }, [petition]);

  const save = async () => {
    if (!petition) return;
    // the server's schema: the same messages before the request as after it
    const parsed = Milestones.safeParse(milestones);
    if (!parsed.success) {
      setMilestonesError(parsed.error.issues[0]?.message ?? "Milestones are not valid");
      return;
    }
    setMilestonesError(null);
    setSaving(true);
    setError(null);
    try {
      await onSave(petition, parseEditGoal(value), verify, parsed.data);
    } catch (cause) {
      const message = (cause as Error)?.message;
      setError(message && message.trim() ? message : EDIT_GOAL_FALLBACK);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={!!petition}
      onClose={() => !saving && onClose()}
      title={
        <Text fw={800} c="ink.9">
          Edit Petition Goal
        </Text>
      }
      centered
      radius="lg"
      closeOnClickOutside={!saving}
    >
      {petition && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Stack gap="md">
            <div>
              <Text fw={700} c="ink.9" lineClamp={2}>
                {petition.title}
              </Text>
              <Text fz="sm" c="dimmed">
                Current goal: {formatCount(petition.goal)} · {formatCount(petition.signatureCount)} signatures
              </Text>
            </div>
            <NumberInput
              label="Goal"
              value={value}
              onChange={setValue}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              disabled={saving}
              data-autofocus
            />
            <Checkbox
              label="Count only signatures confirmed by e-mail"
              description="Turning it off counts new signatures at once; those already awaiting confirmation still count once confirmed."
              checked={verify}
              onChange={(e) => setVerify(e.currentTarget.checked)}
              disabled={saving}
            />
            <TextInput
              label="Milestones"
              description="Signature counts at which signers who asked get an e-mail, e.g. 1,000, 10,000, 50,000 (empty: none)."
              value={milestones}
              onChange={(e) => setMilestones(e.currentTarget.value)}
              error={milestonesError}
              disabled={saving}
            />
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : "Save"}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
