import { Alert } from "@mantine/core";
import type { Notice } from "../hooks/useNotice";

/** A timed success or failure notice. */
export function NoticeBanner({ notice, onClose }: { notice: Notice | null; onClose?: () => void }) {
  if (!notice) return null;
  return (
    <Alert
      color={notice.kind === "success" ? "brand" : "red"}
      variant="light"
      role={notice.kind === "success" ? "status" : "alert"}
      withCloseButton={!!onClose}
      onClose={onClose}
    >
      {notice.message}
    </Alert>
  );
}
