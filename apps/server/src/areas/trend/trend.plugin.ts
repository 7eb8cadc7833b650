import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TrendRepository } from './trend.repository.js';
import { TrendService } from './trend.service.js';

const ROLLUP_MS = 60_000;
const FIRST_ROLLUP_DELAY_MS = 5_000;

declare module 'fastify' {
  interface FastifyInstance {
    trend: TrendService;
  }
}

/** The connected-equipment history: rolled up each minute, kept as long as the retention says. */
async function trendPlugin(app: FastifyInstance) {
  const { config } = app;
  const trend = new TrendService(new TrendRepository(app.db), {
    minuteDays: config.TREND_MINUTE_DAYS,
    hourDays: config.TREND_HOUR_DAYS,
    dayDays: config.TREND_RETENTION_DAYS,
  });
  app.decorate('trend', trend);
  const run = () => void trend.rollup(new Date()).catch((err: unknown) => app.log.warn({ err }, 'trend rollup failed'));
  let timer: NodeJS.Timeout | undefined;
  // The first rollup soon after the start, in the background: not at once, because its
  // transaction holds the embedded database's one session, and the first requests (and a
  // health check) would wait behind it.
  let first: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    first = setTimeout(run, FIRST_ROLLUP_DELAY_MS).unref();
    timer = setInterval(run, ROLLUP_MS).unref();
  });
  app.addHook('preClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}

export default fp(trendPlugin, { name: 'trend', dependencies: ['database'] });
