import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { DeadLetters } from "@site/core/dead-letters";
import { adminRoute, ok } from "../lib/http";

/**
 * `POST /api/admin/health/dead-letters/{id}/redrive` → the dead letter, re-driven: its event is
 * published again with its stable id (the subscriber that failed runs it; the others skip it).
 * 404 for an unknown id, 409 once re-driven or for a stream batch. Audited (`dead_letter.redriven`).
 */
export const handler = adminRoute(async (req) => {
  const by = await Admins.emailOf(req.admin);
  const letter = await DeadLetters.redrive(req.param("id"), by);
  await Audit.record({
    action: "dead_letter.redriven",
    actor: by,
    target: `${letter.detailType ?? letter.target} ${letter.eventId ?? letter.id} (${letter.target})`,
    rows: 1,
  });
  return ok(letter);
});
