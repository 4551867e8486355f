/**
 * Rate limits count per wall-clock minute. A test that makes `limit + n` attempts must make them in
 * one window, so it waits for the next minute when fewer than `needMs` remain of this one.
 */
export async function withinOneRateWindow(needMs = 10_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}
