/**
 * Rate limits count per wall-clock minute. A test that makes `limit + n` attempts from one client
 * must make them in one window: `inOneRateWindow` runs its body, and when the body failed after a new
 * minute began, runs it once more (from the new minute's start, a whole window ahead). So no test
 * waits for a minute to turn, and none fails because one did. The body makes its own clients (and
 * petitions), so that a second run is not counted with the first.
 */
export async function inOneRateWindow(body: () => Promise<void>, minute = () => Math.floor(Date.now() / 60_000)): Promise<void> {
  const started = minute();
  try {
    await body();
  } catch (err) {
    if (minute() === started) throw err;
    await body();
  }
}
