import { HeldMail } from "@site/core/mail/held";
import { adminRoute, ok } from "../lib/http";

/**
 * `GET /api/admin/mail/held` → `{domains: [{domain, held, firstHeldAt, reason}]}`: the domains whose
 * visitor e-mail the brake holds (core/mail/domain-brake.ts), most held first.
 */
export const handler = adminRoute(async () => ok({ domains: await HeldMail.list() }));
