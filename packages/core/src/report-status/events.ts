import { z } from "zod";
import { event } from "../bus";

/**
 * The events of the reporter's status room.
 *
 * `report-status.link-requested`: someone typed a reference number and an address. It carries the
 * canonical reference and the SHA-256 of the normalised address (db/person-index.ts `personHash`),
 * never the address: whether they match a report is looked up by its subscriber, out of the
 * visitor's request, so the answer's time says nothing of it either.
 *
 * `case.status-changed` is the cases room's (packages/core/src/cases), declared here by its type and
 * detail so this room subscribes without importing the room that publishes it.
 */
export const Events = {
  LinkRequested: event("report-status.link-requested", z.object({ reference: z.string().max(40), person: z.string().max(64) })),
  CaseStatusChanged: event("case.status-changed", z.object({ caseId: z.string().min(1).max(64), status: z.string().max(40), previous: z.string().max(40) })),
};
