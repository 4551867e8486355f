import { Petition } from "@site/core/petition";
import { adminRoute, ok } from "../lib/http";

export const handler = adminRoute(async () => ok({ items: await Petition.list() }));
