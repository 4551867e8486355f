import { Petition } from "@site/core/petition";
import { adminRoute, ok } from "../lib/http";

/** `?search=&sort=createdAt|signatureCount|goal&order=asc|desc&page=&pageSize=` → `{items, total, page, pageSize}`. */
export const handler = adminRoute(async (req) => ok(await Petition.adminList(req.query(Petition.AdminListQuery))));
