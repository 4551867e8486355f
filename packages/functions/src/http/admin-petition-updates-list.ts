import { PetitionUpdates } from "@site/core/signature/updates";
import { adminRoute, ok } from "../lib/http";

/** A petition's updates to its signers who asked: milestones (sent, sending, paused or passed over) and the outcome → 200 `{items}`. */
export const handler = adminRoute(async (req) => ok({ items: await PetitionUpdates.list(req.param("id")) }));
