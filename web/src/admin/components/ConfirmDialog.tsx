import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** the confirm button shows a spinner and both buttons are disabled */
  busy?: boolean;
  confirmDisabled?: boolean;
  error?: string | null;
  /** extra content under the message (inputs, progress) */
  children?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before something destructive. It cannot be dismissed while busy. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  busy = false,
  confirmDisabled = false,
  error,
  children,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text fw={800} c="ink.9">
          {title}
        </Text>
      }
      centered
      radius="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <Stack gap="md">
        {typeof message === "string" ? <Text c="ink.8">{message}</Text> : message}
        {children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button color="red.7" onClick={onConfirm} loading={busy} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
