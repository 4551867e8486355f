/**
 * A case's reference, "CASE-7K3M9Q": six characters of Crockford's base 32 (no I, L, O or U) taken
 * from the random end of the case's id, so it needs no guard item (cases/ names its cases by it; a report
 * names the case it is in). Not unique by construction
 * (32^6 ≈ 10^9 references): a search by reference lists every case that has it. Pure.
 */
export const CASE_REFERENCE_PREFIX = "CASE";
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const RANDOM_PART = 12;

export function caseReference(caseId: string): string {
  let n = BigInt(0);
  for (const ch of caseId.slice(-RANDOM_PART)) n = n * BigInt(36) + BigInt(parseInt(ch, 36) || 0);
  let chars = "";
  for (let i = 0; i < 6; i++) {
    chars = ALPHABET[Number(n % BigInt(32))] + chars;
    n /= BigInt(32);
  }
  return `${CASE_REFERENCE_PREFIX}-${chars}`;
}
