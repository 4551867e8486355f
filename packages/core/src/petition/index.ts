export * as Petition from "./index";

/**
 * Petitions (store.ts) and their signature counts: the counter shards and their sums (shards.ts), the
 * counts a signer is answered with (signer-counts.ts), and the console's list (admin-list.ts).
 */
export { Info, MAX_GOAL, goal, ID_PATTERN, CreateInput, AdminCreateInput, UpdateGoalInput, Milestones, defaultMilestones, MAX_MILESTONES } from "./input";
export { PetitionNotFound, create, VERIFY_SETTING_TTL_MS, verifiesSignatures, assertPossibleId, fromID, list, petitionItems, updateGoal } from "./store";
export { counterShards, ensureCounterShards, count, counts } from "./shards";
export { KNOWN_COUNT_MAX_AGE_MS, REFRESH_READ_UNITS_PER_SHARD, countAfter, forgetCount, countsAfterConfirmation } from "./signer-counts";
export { SORTS, AdminListQuery, select, adminList } from "./admin-list";
