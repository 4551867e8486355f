import { Petition } from "@site/core/petition";
import { adminRoute, created } from "../lib/http";

export const handler = adminRoute(async (req) => created(await Petition.create(req.body(Petition.AdminCreateInput))));
