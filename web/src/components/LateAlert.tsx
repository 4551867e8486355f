import type { Alert } from "@mantine/core";
import { useEffect, type ComponentProps } from "react";
import { deferred, useDeferred } from "../lib/deferred";

/**
 * Mantine's Alert for what a form shows after the visitor acts (a failure, a confirmation): its code
 * loads when the visitor starts on the form (`preloadAlert`, with the form's rules) or, at the latest,
 * when the alert is first shown, not with the page. A page that shows an alert as it arrives imports
 * Alert itself.
 */
const parts = deferred(() => import("./alertParts"));

/** Starts loading the alert's code (a form's first focus). */
export const preloadAlert = (): void => {
  parts.load().catch((cause) => console.error("The form's messages could not be loaded:", cause));
};

export function LateAlert(props: ComponentProps<typeof Alert>) {
  const loaded = useDeferred(parts);
  useEffect(() => {
    if (!loaded) preloadAlert();
  }, [loaded]);
  if (!loaded) return null;
  return <loaded.Alert {...props} />;
}
