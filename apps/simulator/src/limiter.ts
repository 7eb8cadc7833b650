/**
 * Runs `task` over `items` with at most `concurrency` at a time. Stops starting new ones after the
 * first failure and rejects with it, so a wrong enrollment key fails fast instead of 2,000 times.
 */
export async function runLimited<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
