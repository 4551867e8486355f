import { Notification, Portal } from "@mantine/core";

/** A small confirmation pinned to the bottom of the screen while `message` is set. */
export function Toast({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Portal>
      <Notification
        role="status"
        color="brand"
        withCloseButton={false}
        withBorder
        style={{ position: "fixed", left: "50%", bottom: 24, transform: "translateX(-50%)", zIndex: 1000, minWidth: 280 }}
      >
        {message}
      </Notification>
    </Portal>
  );
}
