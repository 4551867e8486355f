import { Cases } from "@site/core/cases";
import { Report } from "@site/core/report";
import { EventHandler } from "../lib/events";

/**
 * A report removed (an administrator's delete, an erasure, retention): its case is recounted, and its
 * published alert with it, and the report leaves any proposal. Keyed by the event's stable id.
 */
export const handler = EventHandler(Report.Events.Removed, async (detail, event) => {
  await Cases.reportRemoved(detail, event.id);
});
