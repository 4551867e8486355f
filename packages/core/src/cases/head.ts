import { EMPTY_COUNTS } from "./counts";
import type { CaseHead } from "./info";
import { caseReference } from "./reference";

/** A case as it starts, open and unassigned, before its reports are added and counted. Pure. */
export function newHead(id: string, title: string | undefined, now = new Date().toISOString()): CaseHead {
  const reference = caseReference(id);
  return { id, reference, title: title || reference, status: "open", assignee: null, createdAt: now, updatedAt: now, version: 1, ...EMPTY_COUNTS };
}
