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
 * A petition's counts as the public sees them. On a petition that verifies signatures the counted
 * ones are those confirmed from their mailbox (`verifiedCount`) and the waiting ones are apart
 * (`pendingCount`); on one that does not, nothing is called verified (`verifiedCount` 0).
 */
export function countsOf(petition: Pick<Petition.Info, "signatureCount" | "pendingCount" | "verifySignatures">): Counts {
  const verifies = petition.verifySignatures === true;
  return { signatureCount: petition.signatureCount, verifiedCount: verifies ? petition.signatureCount : 0, pendingCount: verifies ? petition.pendingCount : 0 };
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
  const places = await geoCounts(petitionId);
  const figures = countsOf(petition);
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
