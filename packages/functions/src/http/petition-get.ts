import { Petition } from "@site/core/petition";
import { ok, publicRoute } from "../lib/http";

export const handler = publicRoute(async (req) => ok(await Petition.fromID(req.param("id"))));
