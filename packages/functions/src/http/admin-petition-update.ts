import { Admins } from "@site/core/admins";
import { Audit } from "@site/core/audit";
import { Petition } from "@site/core/petition";
import { adminRoute, ok } from "../lib/http";

/** PATCH `{goal}`: a whole number ≥ 0. */
export const handler = adminRoute(async (req) => {
  const id = req.param("id");
  const input = req.body(Petition.UpdateGoalInput);
  const { petition, previousGoal } = await Petition.updateGoal(id, input);
  await Audit.record({
    action: "petition.goal_changed",
    actor: await Admins.emailOf(req.admin),
    target: `${id} (goal ${previousGoal} → ${petition.goal})`,
    rows: 1,
  });
  return ok(petition);
});
