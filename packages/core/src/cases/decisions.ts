import { Audit } from "../audit";
import { Bus } from "../bus";
import type { TransactItem } from "../db/transact";
import { Outbox } from "../outbox";
import { VisibleError } from "../util/error";
import { isSortableId, sortableId } from "../util/id";
import { defaultTitle, unionOf } from "./counts";
import { Events } from "./events";
import type { CaseHead, TimelineEntry } from "./info";
import type { CasePatch } from "./input";
import { cases } from "./listing";
import { moveMembers } from "./membership";
import { newHead } from "./head";
import { recount } from "./recount";
import { STATUS_LABELS } from "./status";
import { CaseNotFound, addTimelineEntry, changeCase, createCase, fromId, membersOf, type TimelineInput } from "./store";

/**
 * What administrators do to a case: its status, assignee and title; notes; merging another case
 * into it; splitting reports out of it into a new case; and the alert published from it. Each change
 * is a timeline entry written with the head (store.ts `changeCase`) and an audit entry naming the
 * case by its reference (never a note's words). A status change records `case.status-changed` in the
 * same transaction (Outbox) and publishes it after.
 */

export class CaseConflict extends VisibleError {
  constructor(code: string, message: string) {
    super(409, `case.${code}`, message);
  }
}

const mergedAway = (head: CaseHead) => new CaseConflict("merged", `This case was merged into another (${head.mergedInto}): change that one`);

/** Status, assignee and title, each audited when it changed; the same values again change nothing. */
export async function update(caseId: string, patch: CasePatch, by: string): Promise<CaseHead> {
  let event: ReturnType<typeof Outbox.record<typeof Events.StatusChanged.schema>> | undefined;
  const { before, after } = await changeCase(caseId, (head) => {
    const timeline: TimelineInput[] = [];
    const extra: TransactItem[] = [];
    const next = { ...head };
    event = undefined;
    if (patch.status && patch.status !== head.status) {
      if (head.mergedInto) throw mergedAway(head);
      next.status = patch.status;
      timeline.push({ by, action: "status", detail: `${STATUS_LABELS[head.status]} → ${STATUS_LABELS[patch.status]}` });
      event = Outbox.record(Events.StatusChanged, { caseId, status: patch.status, previous: head.status });
      extra.push(Outbox.put(event));
    }
    const assignee = patch.assignee === undefined ? head.assignee : patch.assignee && patch.assignee.toLowerCase();
    if (assignee !== head.assignee) {
      next.assignee = assignee;
      timeline.push({ by, action: "assignee", detail: assignee ? `Assigned to ${assignee}` : "Unassigned" });
    }
    if (patch.title && patch.title !== head.title) {
      next.title = patch.title;
      timeline.push({ by, action: "title", detail: `“${head.title}” → “${patch.title}”` });
    }
    return timeline.length ? { head: next, timeline, extra } : undefined;
  });
  if (event) await Bus.publish(Events.StatusChanged, event.detail, event.id);
  const audit = (action: Audit.Action, change: string) => Audit.record({ action, actor: by, target: `${after.reference}: ${change}`, rows: 1 });
  if (before.status !== after.status) await audit("case.status_changed", `${before.status} → ${after.status}`);
  if (before.assignee !== after.assignee) await audit("case.assigned", after.assignee ?? "unassigned");
  if (before.title !== after.title) await audit("case.retitled", "title changed");
  return after;
}

/** An administrator's note on the case's timeline; answers the entry. */
export async function addNote(caseId: string, text: string, by: string): Promise<TimelineEntry> {
  const head = await fromId(caseId);
  const entry = await addTimelineEntry(caseId, { by, action: "note", note: text });
  await Audit.record({ action: "case.note_added", actor: by, target: head.reference, rows: 1 });
  return entry;
}

/** The case a merge names: its id, or its reference (through the list's search), which must name one case only. */
export async function caseNamed(name: string): Promise<CaseHead> {
  if (isSortableId(name)) return fromId(name);
  const reference = name
    .trim()
    .toUpperCase()
    .replace(/^CASE[\s-]*/, "CASE-");
  const rows = (await cases.query({ search: reference, sort: "createdAt", order: "desc" })).filter((r) => r.reference === reference);
  if (rows.length > 1) throw new CaseConflict("ambiguous_reference", `${rows.length} cases have the reference ${reference}: name the case by its id`);
  if (!rows.length) throw new CaseNotFound();
  return fromId(rows[0].id);
}

/**
 * Merges case `other` (an id or a reference) into `caseId`: its reports move over, and it is closed
 * and names this one. Run again after a failure, it finishes the move. A case with a published alert
 * is not merged away (its public figures would drop to nothing): merge the other way round.
 */
export async function merge(caseId: string, other: string, by: string): Promise<{ moved: number }> {
  const into = await fromId(caseId);
  const from = await caseNamed(other);
  if (from.id === into.id) throw new CaseConflict("merge_itself", "A case cannot be merged into itself");
  if (into.mergedInto) throw mergedAway(into);
  if (from.mergedInto && from.mergedInto !== into.id) throw new CaseConflict("merged", `${from.reference} was merged into another case already`);
  if (from.alertSlug) throw new CaseConflict("has_alert", `${from.reference} has a published alert: merge ${into.reference} into it instead`);
  const { before } = await changeCase(from.id, (head) =>
    head.mergedInto === into.id
      ? undefined
      : { head: { ...head, status: "closed", mergedInto: into.id }, timeline: [{ by, action: "merged_into", detail: `Merged into ${into.reference}` }] },
  );
  const moved = await moveMembers(from.id, into.id, await membersOf(from.id));
  const n = moved.length;
  // a merge run again to finish the move says so only if it moved something
  const merged = before.mergedInto !== into.id || n > 0;
  await recount(into.id, merged ? [{ by, action: "merged_in", detail: `${from.reference} merged in (${n} report${n === 1 ? "" : "s"})` }] : []);
  await recount(from.id);
  if (merged) await Audit.record({ action: "case.merged", actor: by, target: `${from.reference} into ${into.reference}: ${n} reports`, rows: n });
  return { moved: n };
}

export class SplitRefused extends VisibleError {
  constructor(message: string) {
    super(400, "case.split_refused", message);
  }
}

/** Moves `reportIds` (members of the case, not all of them) into a new case; answers its id. */
export async function split(caseId: string, reportIds: readonly string[], by: string): Promise<{ caseId: string }> {
  const head = await fromId(caseId);
  if (head.mergedInto) throw mergedAway(head);
  const members = await membersOf(caseId);
  const wanted = new Set(reportIds);
  const chosen = members.filter((m) => wanted.has(m.reportId));
  if (chosen.length !== wanted.size) throw new SplitRefused("Some of these reports are not in this case");
  if (chosen.length === members.length) throw new SplitRefused("A split leaves at least one report in the case");
  const id = sortableId();
  const created = newHead(id, undefined);
  const title = defaultTitle(unionOf(chosen.map((m) => m.identifiers)), created.reference);
  const n = chosen.length;
  await createCase({ ...created, title }, [{ by, action: "split_from", detail: `${n} report${n === 1 ? "" : "s"} from ${head.reference}` }]);
  const moved = await moveMembers(caseId, id, chosen);
  await recount(caseId, [{ by, action: "split_out", detail: `${moved.length} report${moved.length === 1 ? "" : "s"} to ${created.reference}` }]);
  await recount(id);
  await Audit.record({ action: "case.split", actor: by, target: `${head.reference} → ${created.reference}: ${moved.length} reports`, rows: moved.length });
  return { caseId: id };
}

/** `Cases.setAlert`: the case's published alert (alerts/ calls it when an administrator publishes one). */
export async function setAlert(caseId: string, slug: string, by: string): Promise<void> {
  await changeCase(caseId, (head) =>
    head.alertSlug === slug
      ? undefined
      : { head: { ...head, alertSlug: slug }, timeline: [{ by, action: "alert", detail: `Published as the scam alert “${slug}”` }] },
  );
}
