import { Alert } from "@mantine/core";

/** A collection screen's error (load, refresh, export or delete), dismissible; nothing while there is none. */
export function CollectionErrorAlert({ message, onClose }: { message: string | null | undefined; onClose: () => void }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="filled" role="alert" withCloseButton onClose={onClose}>
      {message}
    </Alert>
  );
}
