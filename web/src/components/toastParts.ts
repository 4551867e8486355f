import { Notification, Portal } from "@mantine/core";

/** What a toast is drawn with, loaded the first time one is shown (Toast.tsx). */
export { Notification, Portal };
