import { TextInput } from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import { ConfirmDialog } from "./ConfirmDialog";

export const CONFIRM_WORD = "CONFIRM";
export const CONFIRM_HINT = "Please type CONFIRM exactly to proceed";

export interface TypedConfirmDialogProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  word?: string;
  confirmLabel?: string;
  busy?: boolean;
  error?: string | null;
  children?: ReactNode;
  /** called with the typed word (the API re-checks it) */
  onConfirm: (typed: string) => void;
  onClose: () => void;
}

/** A confirm dialog whose button works only once the user has typed the word exactly. */
export function TypedConfirmDialog({ word = CONFIRM_WORD, opened, busy, children, onConfirm, ...rest }: TypedConfirmDialogProps) {
  const [typed, setTyped] = useState("");
  useEffect(() => {
    if (opened) setTyped("");
  }, [opened]);
  const matches = typed === word;
  const hint = word === CONFIRM_WORD ? CONFIRM_HINT : `Please type ${word} exactly to proceed`;
  return (
    <ConfirmDialog
      {...rest}
      opened={opened}
      busy={busy}
      confirmDisabled={!matches}
      onConfirm={() => {
        if (matches) onConfirm(typed);
      }}
    >
      <TextInput
        label={`Type ${word} to confirm`}
        placeholder={word}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        disabled={busy}
        autoComplete="off"
        data-autofocus
        description={typed === "" ? hint : undefined}
        error={typed !== "" && !matches ? hint : undefined}
        inputWrapperOrder={["label", "input", "description", "error"]}
      />
      {children}
    </ConfirmDialog>
  );
}
