import { useEffect } from "react";
import { deferred, useDeferred } from "../lib/deferred";

/** Mantine's Notification and Portal, loaded the first time a toast is shown: no page's first load needs them. */
const parts = deferred(() => import("./toastParts"));

/** A small confirmation pinned to the bottom of the screen while `message` is set. */
export function Toast({ message }: { message: string | null }) {
  const loaded = useDeferred(parts);
  useEffect(() => {
    if (message) parts.load().catch((cause) => console.error("The confirmation could not be shown:", cause));
  }, [message]);
  if (!message || !loaded) return null;
  const { Notification, Portal } = loaded;
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
