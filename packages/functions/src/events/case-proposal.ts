import { Cases } from "@site/core/cases";
import { Report } from "@site/core/report";
import { EventHandler } from "../lib/events";

/**
 * A new report that shares an identifier with others is proposed with them as one case, or to join
 * the case they are in (cases/proposals.ts). Idempotent: a report placed already is left as it is.
 */
export const handler = EventHandler(Report.Events.Created, async (detail) => {
  await Cases.propose(detail.reportId);
});
