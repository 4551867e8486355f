export * as PublicCount from "./public-count";

import { settings } from "../config";
import { Petition } from "../petition";
import { geoCounts } from "./geo-counts";
import type { PublicCountInfo } from "./public-count-info";

export { publicCountCacheControl, publicCountNotFoundCacheControl, type PublicCountInfo } from "./public-count-info";

export interface Counts {
  signatureCount: number;
  verifiedCount: number;
  pendingCount: number;
}

/**
 * A petition's counts as the public sees them: the one place that changes when signatures wait for
 * their confirmation (then pending ones are counted apart). Until then every counted signature is
 * verified and none is pending.
 */
export async function counts(petitionId: string): Promise<Counts> {
  const signatureCount = await Petition.count(petitionId);
  return { signatureCount, verifiedCount: signatureCount, pendingCount: 0 };
}

/**
 * A place with fewer signatures than this is left out of the public counts by place: on a small
 * petition a count of one or two, refreshed every minute, would tell where a known signer is.
 */
export const SMALL_CELL_MINIMUM = 5;

export const withoutSmallCells = (counts: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(counts).filter(([, n]) => n >= SMALL_CELL_MINIMUM));

/** The public JSON of a petition (docs/public-api.md); an unknown petition throws PetitionNotFound. */
export async function of(petitionId: string, now = new Date()): Promise<PublicCountInfo> {
  const petition = await Petition.fromID(petitionId);
  const [figures, places] = await Promise.all([counts(petitionId), geoCounts(petitionId)]);
  return {
    id: petition.id,
    title: petition.title,
    url: `${settings().SITE_URL.replace(/\/$/, "")}/sign/${encodeURIComponent(petition.id)}`,
    goal: petition.goal,
    ...figures,
    byState: withoutSmallCells(places.byState),
    byCountry: withoutSmallCells(places.byCountry),
    updatedAt: now.toISOString(),
  };
}
