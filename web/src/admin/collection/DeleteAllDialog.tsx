import type { ReactNode } from "react";
import { OperationProgressBar } from "../components/OperationProgressBar";
import { CONFIRM_WORD, TypedConfirmDialog } from "../components/TypedConfirmDialog";
import type { DeleteAll } from "./useDeleteAll";

/** Delete All: typed CONFIRM, then the chunked deletion's progress inside the dialog. */
export function DeleteAllDialog(props: {
  title: string;
  message: ReactNode;
  /** "Deleting signatures" */
  progressLabel: string;
  operation: DeleteAll;
}) {
  const { operation } = props;
  return (
    <TypedConfirmDialog
      opened={operation.opened}
      title={props.title}
      message={props.message}
      word={CONFIRM_WORD}
      busy={operation.running}
      onConfirm={(typed) => void operation.confirm(typed)}
      onClose={operation.close}
    >
      {operation.running && <OperationProgressBar label={props.progressLabel} progress={operation.progress} percent={operation.percent} />}
    </TypedConfirmDialog>
  );
}
