import { sweepOrphanEvidence } from "@site/core/report/orphan-evidence";

/**
 * Scheduled daily: deletes the evidence folders (`reports/{reportId}/`) whose report is gone and
 * whose files are all older than a day (packages/core/src/report/orphan-evidence.ts).
 */
export const handler = () => sweepOrphanEvidence();
