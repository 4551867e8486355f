/**
 * The lowest count a page may show for a petition in this tab: the count the signing answer carried.
 * Polls are served from CloudFront's copy, which can be seconds older than the signer's own
 * signature (packages/core/src/petition/edge-cache.ts); a signer never sees their signature vanish.
 */
const floors = new Map<string, number>();

export function raiseCountFloor(petitionId: string, count: number): void {
  floors.set(petitionId, Math.max(count, floors.get(petitionId) ?? 0));
}

export const countFloor = (petitionId: string | undefined): number => (petitionId ? (floors.get(petitionId) ?? 0) : 0);

/** The count to show: what the server said, never below the signer's own. */
export const atLeastFloor = (petitionId: string | undefined, count: number): number => Math.max(count, countFloor(petitionId));
