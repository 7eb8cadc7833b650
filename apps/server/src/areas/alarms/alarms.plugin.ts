import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ALARMS_TOLD } from '../../ports/domain-events.js';
import { scheduleJob } from '../../shared/job-timer.js';
import { AlarmEvaluator } from './alarm-evaluator.js';
import { AlarmFactsRepository } from './alarm-facts.repository.js';
import { alarmMail } from './alarm-mail.js';
import { AlarmRulesRepository } from './alarm-rules.repository.js';
import { AlarmsRepository } from './alarms.repository.js';
import { AlarmsService } from './alarms.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    alarms: { service: AlarmsService; evaluator: AlarmEvaluator };
  }
}

/** Consoles hear the counts at most this often from one instance, however many alarms change. */
const PUSH_DEBOUNCE_MS = 500;

/** Alarm rules on the fleet, evaluated on units' changes and by a job (docs/alarms.md). */
async function alarmsPlugin(app: FastifyInstance) {
  const rules = new AlarmRulesRepository(app.db);
  // Raised and cleared alarms are told to other areas (webhooks) as the list shows them.
  const tell = (event: 'alarmsRaised' | 'alarmsCleared', ids: number[]) => {
    alarms
      .byIds(ids.slice(0, ALARMS_TOLD))
      .then((list) => app.events.notify(event, { alarms: list, total: ids.length }))
      .catch((err: unknown) => app.log.warn({ err, event }, 'could not tell the alarms'));
  };
  const alarms: AlarmsRepository = new AlarmsRepository(app.db, { cleared: (ids) => tell('alarmsCleared', ids) });
  const facts = new AlarmFactsRepository(app.db);
  let pushTimer: NodeJS.Timeout | undefined;
  const changed = () => {
    pushTimer ??= setTimeout(() => {
      pushTimer = undefined;
      alarms
        .counts()
        .then((counts) => app.live.broadcast('ALARMS_CHANGED', counts))
        .catch((err: unknown) => app.log.warn({ err }, 'could not push the alarm counts'));
    }, PUSH_DEBOUNCE_MS);
  };
  const evaluator = new AlarmEvaluator({
    facts,
    rules,
    alarms,
    hourMs: app.config.ALARM_HOUR_MS,
    changed,
    logger: app.log,
    clock: () => app.clock(),
    raised: async (rule, raised) => {
      tell(
        'alarmsRaised',
        raised.map((a) => a.id),
      );
      const to = (await rules.subscribers([rule.id])).get(rule.id)?.map((s) => s.email) ?? [];
      if (to.length === 0) return;
      await app.mailer.send({ to, ...alarmMail(rule, raised, app.config.PUBLIC_URL) });
    },
  });
  const service = new AlarmsService({ db: app.db, rules, alarms, facts, evaluator, changed, clock: () => app.clock() });
  app.decorate('alarms', { service, evaluator });
  app.events.on('unitChanged', 'alarms', ({ serialNumber }) => evaluator.unitChanged(serialNumber));
  app.events.on('voltagesReported', 'alarms', ({ serialNumber, voltages }) =>
    evaluator.voltagesReported(serialNumber, voltages),
  );
  scheduleJob(app, {
    name: 'alarm',
    intervalMs: app.config.JOB_INTERVAL_MS,
    tick: (now) => evaluator.tick(now),
    clock: () => app.clock(),
  });
  app.addHook('preClose', async () => {
    clearTimeout(pushTimer);
    await evaluator.stop();
  });
}

export default fp(alarmsPlugin, { name: 'alarms', dependencies: ['database', 'fleet', 'live', 'mailer', 'clock'] });
