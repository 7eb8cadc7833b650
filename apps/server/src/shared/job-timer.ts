import type { FastifyInstance } from 'fastify';

export interface JobOptions {
  name: string;
  /** 0: never (tests then call the tick with their own clock). */
  intervalMs: number;
  tick: (now: Date) => Promise<unknown>;
  clock?: () => Date;
}

/**
 * Runs `tick(now)` every `intervalMs` once the app is ready, that is after the start-up work
 * (migrations first): a job never meets a schema half made. Ticks of one instance never overlap;
 * jobs stay safe across instances through their own SQL. The app's close waits for a tick under way.
 */
export function scheduleJob(app: FastifyInstance, { name, intervalMs, tick, clock = () => new Date() }: JobOptions) {
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (intervalMs <= 0) return;
    const intervalSeconds = intervalMs / 1000;
    timer = setInterval(() => {
      if (running) return;
      const started = performance.now();
      const ran = (outcome: 'ok' | 'failed') =>
        app.telemetry.emit('jobRun', {
          job: name,
          outcome,
          seconds: (performance.now() - started) / 1000,
          intervalSeconds,
        });
      running = tick(clock())
        .then(
          () => ran('ok'),
          (err: unknown) => {
            ran('failed');
            app.log.error({ err }, `${name} job failed`);
          },
        )
        .finally(() => {
          running = null;
        });
    }, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
