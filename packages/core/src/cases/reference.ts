/** A case's reference is derived from its id (report/case-reference.ts: a report's own descriptions name its case too). */
export { CASE_REFERENCE_PREFIX, caseReference } from "../report/case-reference";
