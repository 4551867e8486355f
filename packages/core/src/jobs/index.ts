export * as Job from "./index";

/**
 * Jobs: what one is (info.ts, with its lifecycle), its item (store.ts), its moves from queued to
 * running to done or failed (transitions.ts), and the runner that drives them (run.ts).
 */
export { Id, NEVER_STARTED, START_WITHIN_MS, STOPPED, type Info, type Progress, type Status } from "./info";
export { PRIVATE_KEEP_SECONDS, create, get, getOwn, newItem, type Starter } from "./store";
export { claim, fail, finish, report } from "./transitions";
export { PROGRESS_EVERY_MS, progressWriter } from "./progress-writer";
export { SUBSCRIBER_LEASE_MS, run, type RunContext, type RunOptions } from "./run";
