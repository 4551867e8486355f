import type { ReactNode } from "react";
import { OperationProgressBar } from "../components/OperationProgressBar";
import { CONFIRM_WORD, TypedConfirmDialog } from "../components/TypedConfirmDialog";
import type { DeleteAll } from "./useDeleteAll";

/** Delete All: typed CONFIRM, then the chunked deletion's progress inside the dialog. */
export function DeleteAllDialog(props: {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** "Deleting signatures" */
  progressLabel: string;
  operation: Pick<DeleteAll, "running" | "progress" | "percent">;
  onConfirm: (typed: string) => void;
  onClose: () => void;
}) {
  const { operation } = props;
  return (
    <TypedConfirmDialog
      opened={props.opened}
      title={props.title}
      message={props.message}
      word={CONFIRM_WORD}
      busy={operation.running}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      {operation.running && <OperationProgressBar label={props.progressLabel} progress={operation.progress} percent={operation.percent} />}
    </TypedConfirmDialog>
  );
}
