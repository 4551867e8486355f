import { consoleKinds } from "@site/core/privacy/kinds";
import { adminRoute, ok } from "../lib/http";

/**
 * `GET /api/admin/records` → `{kinds}`: how the console shows each kind made by defineKind and
 * registered (core/kinds/definition.ts `KindConsole`): its words, fields, orders and export.
 */
export const handler = adminRoute(async () => ok({ kinds: consoleKinds() }));
