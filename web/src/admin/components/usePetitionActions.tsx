import { useState, type ReactNode } from "react";
import type { Petition } from "../../lib/api";
import type { ChunkAnswer } from "../adminApi";
import { adminCall } from "../api/adminCall";
import { route } from "../api/paths";
import { deleteStep, useChunkedOperation } from "../hooks/useChunkedOperation";
import { ConfirmDialog } from "./ConfirmDialog";
import { EDIT_GOAL_FALLBACK, EditGoalDialog } from "./EditGoalDialog";
import { OperationProgressBar } from "./OperationProgressBar";

export const DELETE_PETITION_MESSAGE = "Are you sure you want to delete this petition? This action cannot be undone.";

/**
 * Edit goal and delete for a petition list (dashboard and Manage Petitions): the dialogs, the
 * calls, and callbacks so the list can update its rows.
 */
export function usePetitionActions({
  onUpdated,
  onDeleted,
  deleteFallback,
  alwaysFallback = false,
}: {
  onUpdated: (petition: Petition) => void;
  onDeleted: (id: string) => void;
  /** message when the API gives none */
  deleteFallback: string;
  /** show `deleteFallback` whatever the API said (the dashboard's 'Failed to delete item') */
  alwaysFallback?: boolean;
}): { edit: (p: Petition) => void; remove: (p: Petition) => void; dialogs: ReactNode } {
  const [editing, setEditing] = useState<Petition | null>(null);
  const [deleting, setDeleting] = useState<Petition | null>(null);
  const operation = useChunkedOperation();

  const save = async (petition: Petition, goal: number, verifySignatures: boolean, milestones: number[]) => {
    const updated = await adminCall<Petition>(route("updatePetition", { id: petition.id }), {
      body: { goal, verifySignatures, milestones },
      fallbackMessage: EDIT_GOAL_FALLBACK,
    });
    onUpdated({ ...petition, ...updated, goal: updated?.goal ?? goal });
    setEditing(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    const { ok } = await operation.run(
      deleteStep((operationId) =>
        adminCall<ChunkAnswer>(route("deletePetition", { id: target.id }), { query: { operationId }, fallbackMessage: deleteFallback }),
      ),
    );
    if (ok) {
      onDeleted(target.id);
      setDeleting(null);
      operation.reset();
    }
  };

  const error = operation.error ? (alwaysFallback ? deleteFallback : operation.error.message || deleteFallback) : null;

  const dialogs = (
    <>
      <EditGoalDialog petition={editing} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDialog
        opened={!!deleting}
        title="Delete Petition"
        message={DELETE_PETITION_MESSAGE}
        busy={operation.running}
        error={error}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          setDeleting(null);
          operation.reset();
        }}
      >
        {deleting && (operation.running || operation.progress.total !== null) && (
          <OperationProgressBar label="Deleting petition and its signatures" progress={operation.progress} percent={operation.percent} unit="items" />
        )}
      </ConfirmDialog>
    </>
  );

  return {
    edit: (petition) => setEditing(petition),
    remove: (petition) => {
      operation.reset();
      setDeleting(petition);
    },
    dialogs,
  };
}
