import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { Petition } from "@site/core/petition";
import { adminRoute, ok } from "../lib/http";

/** PATCH `{goal?, verifySignatures?}`: a whole number ≥ 0, a boolean; at least one. */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  const input = req.body(Petition.UpdateGoalInput);
  const { petition, previousGoal, previousVerifySignatures } = await Petition.updateGoal(id, input);
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
  return ok(petition);
});
