import "./styles";
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { countLines, type CountLabels, type ErasedCounts } from "@site/core/privacy/answers";
import { MY_DATA as WORDS } from "../../content/data-requests";
import classes from "./Privacy.module.css";

/**
 * /my-data's "Are you sure?" before erasing: Mantine's Modal (with its focus trap), a chunk of its
 * own that the page fetches when the visitor first reaches for "Erase my data", so the page's first
 * load stays within its budget (scripts/bench/js-budget.ts).
 */
export function EraseConfirmation({
  opened,
  counts,
  labels,
  erasing,
  error,
  offerMailAgain,
  mailAgain,
  onMailAgain,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  counts: ErasedCounts;
  /** how the registered kinds in `counts` are counted */
  labels?: CountLabels;
  erasing: boolean;
  error: string | null;
  offerMailAgain: boolean;
  mailAgain: boolean;
  onMailAgain: (checked: boolean) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={() => !erasing && onCancel()}
      title={
        <Text component="span" fw={800} c="ink.9">
          {WORDS.confirmTitle}
        </Text>
      }
      centered
      radius="lg"
      closeOnClickOutside={!erasing}
      closeOnEscape={!erasing}
      withCloseButton={!erasing}
    >
      <Stack gap="md">
        <Text c="ink.8">{WORDS.confirmText}</Text>
        <ul className={classes.list}>
          {countLines(counts, labels).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {offerMailAgain && <Checkbox checked={mailAgain} onChange={(e) => onMailAgain(e.currentTarget.checked)} label={WORDS.mailAgain} disabled={erasing} />}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={erasing}>
            {WORDS.cancel}
          </Button>
          <Button color="red.8" onClick={onConfirm} loading={erasing}>
            {WORDS.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
