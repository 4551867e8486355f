import { timingSafeEqual } from "node:crypto";
import { VisibleError } from "../util/error";
import { hashToken } from "../util/token";
import { PRIVACY_MESSAGES, type ErasureStatus } from "./input";
import { emptyCounts } from "./records";
import { readRequest } from "./requests-store";

/** A finished job's status token answers its counts this long after it finished (the page is usually still open). */
export const ERASURE_STATUS_HOURS = 24;

export class UnknownErasure extends VisibleError {
  constructor() {
    super(404, "privacy.unknown_erasure", PRIVACY_MESSAGES.unknownErasure);
  }
}

const STATUS_TOKEN = /^([0-9a-z]{21})\.([A-Za-z0-9_-]{43})$/;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * POST /api/privacy/erase/status: how far the erasure of the status token is, or what it erased. Only
 * the browser that confirmed holds the token; an unknown, wrong or old one (ERASURE_STATUS_HOURS after
 * the erasure finished) is an UnknownErasure, alike. Never the address.
 */
export async function erasureStatus(statusToken: string, now = Date.now()): Promise<ErasureStatus> {
  const match = STATUS_TOKEN.exec(statusToken);
  const req = match ? await readRequest(match[1]) : undefined;
  if (!match || !req?.statusTokenHash || !sameHash(req.statusTokenHash, hashToken(match[2]))) throw new UnknownErasure();
  const progress = { completed: req.progress?.completed ?? 0, total: req.progress?.total ?? 0 };
  if (req.status === "confirmed") return { status: "erasing", progress };
  const finished = Date.parse(req.completedAt ?? "");
  if (req.status !== "completed" || !(finished + ERASURE_STATUS_HOURS * 3_600_000 > now)) throw new UnknownErasure();
  return { status: "erased", erased: req.erased ?? emptyCounts(), progress };
}
