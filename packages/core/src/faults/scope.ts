import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Where a call runs (a route key, a subscriber's name), so a fault bounded to one place (`~where` in
 * FAULTS) hits only there. The local server and the local bus open a scope around each invocation;
 * deployed nothing does, and unbounded faults apply everywhere.
 */
const current = new AsyncLocalStorage<string>();

export const inFaultScope = <T>(where: string, work: () => T): T => current.run(where, work);

export const faultScope = (): string | undefined => current.getStore();
