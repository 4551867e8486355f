/**
 * Lambda refuses a function's reserved concurrency once the account's reservations would leave fewer
 * than 100 executions unreserved (for every function without a reservation: the admin functions, the
 * subscribers, the scheduled jobs). CloudFormation would find out halfway through a deploy, rolling
 * it back; the stack checks the sum at synthesis instead, against the quota the deploy states.
 */
export const LAMBDA_UNRESERVED_MINIMUM = 100;

/**
 * Throws, naming the settings to change, when `reserved` (per function) leaves too little of `quota`
 * unreserved: Lambda's minimum, or the `room` a surge's unreserved functions need (LAMBDA_SURGE_ROOM).
 */
export function checkReservedConcurrency(reserved: ReadonlyMap<string, number>, quota: number, room = LAMBDA_UNRESERVED_MINIMUM): number {
  const total = [...reserved.values()].reduce((sum, n) => sum + n, 0);
  const unreserved = Math.max(LAMBDA_UNRESERVED_MINIMUM, room);
  if (total > quota - unreserved) {
    const largest = [...reserved.entries()]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 3)
      .map(([name, n]) => `${name} ${n}`)
      .join(", ");
    throw new Error(
      `Reserved concurrency ${total} (${reserved.size} functions; ${largest}, …) leaves less than ${unreserved} unreserved of ` +
        `LAMBDA_CONCURRENCY_QUOTA=${quota}: lower SIGN_RESERVED_CONCURRENCY, PUBLIC_WRITE_RESERVED_CONCURRENCY or PUBLIC_QUIET_RESERVED_CONCURRENCY (or set them "off"), ` +
        `or lower LAMBDA_SURGE_ROOM, or have AWS raise the account's concurrency quota and set LAMBDA_CONCURRENCY_QUOTA to it`,
    );
  }
  return total;
}
