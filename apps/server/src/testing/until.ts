/**
 * Waits for background work a test started (a worker's send, a mail in the outbox): asks `probe`
 * every `everyMs` until it answers something truthy, which it hands back, or fails after `timeoutMs`
 * naming `what` it waited for.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000, everyMs = 40): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
