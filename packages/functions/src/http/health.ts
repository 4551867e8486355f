import { ok, publicRoute } from "../lib/http";

export const handler = publicRoute(async () => ok({ ok: true }));
