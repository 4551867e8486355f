import { Signature } from "@site/core/signature";
import { adminRoute, ok } from "../lib/http";

export const handler = adminRoute(async (req) => ok(await Signature.fromID(req.param("id"), req.param("signatureId"))));
