import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { Petition } from "@site/core/petition";
import { adminRoute, ok } from "../lib/http";

/** PATCH `{goal?, verifySignatures?, milestones?}`: a whole number ≥ 0, a boolean, a list of counts; at least one. */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  const input = req.body(Petition.UpdateGoalInput);
  const { petition, previousGoal, previousVerifySignatures, previousMilestones } = await Petition.updateGoal(id, input);
  const actor = await Admins.emailOf(req.admin);
  if (input.goal !== undefined)
    await Audit.record({ action: "petition.goal_changed", actor, target: `${id} (goal ${previousGoal} → ${petition.goal})`, rows: 1 });
  if (input.verifySignatures !== undefined && input.verifySignatures !== previousVerifySignatures) {
    await Audit.record({
      action: "petition.verification_changed",
      actor,
      target: `${id} (verify signatures ${previousVerifySignatures ? "on" : "off"} → ${petition.verifySignatures ? "on" : "off"})`,
      rows: 1,
    });
  }
  if (input.milestones !== undefined && previousMilestones.join(",") !== petition.milestones.join(",")) {
    await Audit.record({
      action: "petition.milestones_changed",
      actor,
      target: `${id} (milestones ${previousMilestones.join(", ") || "none"} → ${petition.milestones.join(", ") || "none"})`,
      rows: 1,
    });
  }
  return ok(petition);
});
