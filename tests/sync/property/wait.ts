// Polling for a condition, finer than the engine harness's `until` (10 ms): a property run waits
// a dozen times, and at 1,000 runs every millisecond of slack is seconds of CI.
const POLL_MS = 2;

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 8000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
