import { z } from "zod";
import { event } from "../bus";

/**
 * `report.removed`: a report was deleted (by an administrator, an erasure, retention or a
 * delete-all), with the case it was in. Recorded in the removal's transaction (outbox) and published
 * after it; the cases room recounts the case and its alert from what is left. Part of
 * `Report.Events` (index.ts); its own module so that removal.ts need not import index.ts.
 */
export const Removed = event("report.removed", z.object({ reportId: z.string(), caseId: z.string().optional() }));
