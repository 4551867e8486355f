import { settings } from "../config";
import { fold, openDigests, type Digest } from "../mail-queue/digests";
import type { Queued } from "../mail-queue/lanes";
import { sendDigest } from "./digest";
import { CLAIM_MS, type DrainResult } from "./round";

/** Sends the digests that are due; answers the open ones (a petition's notices fold into its digest while it is open). */
export async function sendDueDigests(result: DrainResult, live: () => boolean): Promise<Map<string, Digest>> {
  const s = settings();
  const open = await openDigests();
  for (const digest of open.values()) {
    if (digest.openedAt + s.ADMIN_NOTICE_DIGEST_SECONDS * 1000 > Date.now() || !live()) continue;
    // its e-mail takes its slot of the budget as any single send does
    await sendDigest(digest, CLAIM_MS);
    open.delete(digest.petitionId);
    result.digests++;
  }
  return open;
}

/**
 * Folds the notice items of petitions in a surge (an open digest, or the threshold reached) into their
 * digests; answers the rest. An item whose notices name several petitions is sent as it is.
 */
export async function foldSurges(items: Queued[], open: Map<string, Digest>, result: DrainResult): Promise<Queued[]> {
  const petitionOf = (q: Queued) => {
    const ids = new Set(q.deliveries.map((d) => d.ref.petitionId));
    return ids.size === 1 ? [...ids][0] : undefined;
  };
  const byPetition = new Map<string, Queued[]>();
  const rest: Queued[] = [];
  for (const q of items) {
    const petitionId = petitionOf(q);
    if (petitionId === undefined) rest.push(q);
    else byPetition.set(petitionId, [...(byPetition.get(petitionId) ?? []), q]);
  }
  for (const [petitionId, group] of byPetition) {
    const notices = group.reduce((n, q) => n + q.deliveries.length, 0);
    if (!open.has(petitionId) && notices < settings().ADMIN_NOTICE_DIGEST_THRESHOLD) {
      rest.push(...group);
      continue;
    }
    open.set(petitionId, await fold(petitionId, group));
    result.folded += notices;
  }
  return rest.sort((a, b) => a.enqueuedAt - b.enqueuedAt);
}
