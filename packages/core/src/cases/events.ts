import { z } from "zod";
import { event } from "../bus";
import { CASE_STATUSES } from "./status";

/**
 * `case.status-changed`: an administrator changed a case's status. Recorded in the same transaction
 * as the head (Outbox), published after the commit; the reporters who asked for updates are
 * e-mailed by report-status/ (which declares the same type and detail to subscribe without
 * importing this room).
 */
export const Events = {
  StatusChanged: event("case.status-changed", z.object({ caseId: z.string(), status: z.enum(CASE_STATUSES), previous: z.enum(CASE_STATUSES) })),
};
