import { Alerts } from "../alerts";
import { log } from "../log";
import { countsOf, defaultTitle, type Member } from "./counts";
import type { CaseCounts, CaseHead } from "./info";
import { changeCase, membersOf, type TimelineInput } from "./store";

/**
 * `Cases.recount`: a case's counts made again from its members (read strongly consistent after the
 * head), written with the head's version check (store.ts `changeCase`): a recount that read members
 * before a change and lost the race to one that read them after is made again, so the last one
 * written always saw the last change. Then its published alert's figures, from the same members.
 */

const sameCounts = (head: CaseHead, counts: CaseCounts) =>
  (Object.keys(counts) as (keyof CaseCounts)[]).every((k) => JSON.stringify(head[k]) === JSON.stringify(counts[k]));

/**
 * Recounts the case (its timeline gets `timeline` with it, if given); a case still titled by its
 * reference (a new one) is titled by the first company its oldest reports name. Answers the head as
 * written and the members it counted.
 */
export async function recount(caseId: string, timeline: TimelineInput[] = []): Promise<{ head: CaseHead; members: Member[] }> {
  let members: Member[] = [];
  const { after } = await changeCase(caseId, async (head) => {
    // oldest first (the member items' order: report ids are time-sortable)
    members = await membersOf(caseId);
    const counts = countsOf(members);
    const title = head.title === head.reference ? defaultTitle(counts.identifiers, head.reference) : head.title;
    if (sameCounts(head, counts) && title === head.title && !timeline.length) return undefined;
    return { head: { ...head, ...counts, title }, timeline };
  });
  if (after.alertSlug) await refreshAlert(caseId, after.alertSlug, members);
  return { head: after, members };
}

/** The alert's figures from the members; an alert that is gone is logged, not retried (the case is counted). */
async function refreshAlert(caseId: string, slug: string, members: readonly Member[]): Promise<void> {
  try {
    await Alerts.refresh(slug, members);
  } catch (err) {
    if (!(err instanceof Alerts.AlertNotFound)) throw err;
    log.warn("a case's alert is gone: its figures were not refreshed", { caseId, slug });
  }
}
