import { Alert } from "@mantine/core";

/** Mantine's Alert, loaded the first time a form shows one (LateAlert.tsx). */
export { Alert };
