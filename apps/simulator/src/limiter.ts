/**
 * Runs `task` over `items` with at most `concurrency` at a time. Stops starting new ones after the
 * first failure and rejects with it, so a wrong enrollment key fails fast instead of 2,000 times.
 */
export async function runLimited<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  const queue = items.values();
  // Typed by `as`: declared `: … | null = null`, TypeScript would take it for null after the
  // workers ran, as it does not see their assignments.
  let failure = null as { error: unknown } | null;
  const worker = async (): Promise<void> => {
    while (!failure) {
      const next = queue.next();
      if (next.done) return;
      try {
        await task(next.value);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw failure.error;
}
