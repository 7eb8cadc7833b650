import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `tick(now)` every `intervalMs` (0: never, tests then call the tick with their own clock).
 * Ticks of one instance never overlap; jobs stay safe across instances through their own SQL.
 */
export function startJobTimer(
  intervalMs: number,
  tick: (now: Date) => Promise<unknown>,
  logger: FastifyBaseLogger,
  name: string,
  clock: () => Date = () => new Date(),
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          if (running) return;
          running = tick(clock())
            .catch((err: unknown) => logger.error({ err }, `${name} job failed`))
            .finally(() => {
              running = null;
            });
        }, intervalMs)
      : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
