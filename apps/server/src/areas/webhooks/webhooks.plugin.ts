import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Alarm } from '@ed/contract/alarms';
import type { WebhookEventType } from '@ed/contract/webhooks';
import type { Db } from '../../db/client.js';
import type { RolloutTransition } from '../../ports/domain-events.js';
import { scheduleJob } from '../../shared/job-timer.js';
import { InstallFailureWatch } from './install-failures.js';
import { standardBody, type WebhookData } from './webhook-bodies.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WebhookLogRepository } from './webhook-log.repository.js';
import { postWebhook } from './webhook-sender.js';
import { WebhookWorker } from './webhook-worker.js';
import { WebhooksService } from './webhooks.service.js';

interface WebhooksArea {
  service: WebhooksService;
  worker: WebhookWorker;
  installs: InstallFailureWatch;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhooksArea;
  }
}

/**
 * Signed outbound webhooks (docs/operations.md, "Webhooks"): the events other areas tell become
 * deliveries, one per subscribed endpoint, which a job sends from whichever instance claims them.
 */
async function webhooksPlugin(app: FastifyInstance) {
  const { config } = app;
  const clock = () => app.clock();
  const endpoints = new WebhookEndpointsRepository(app.db);
  const deliveries = new WebhookDeliveriesRepository(app.db);
  const worker = new WebhookWorker({
    deliveries,
    send: postWebhook,
    publicUrl: config.PUBLIC_URL,
    retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    clock,
    logger: app.log,
  });
  const service = new WebhooksService({
    endpoints,
    deliveries,
    log: new WebhookLogRepository(app.db),
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    clock,
    made: () => worker.soon(),
    endpointsChanged: () => installs.endpointsChanged(),
  });
  /** One event's deliveries, in `db`: the emitter's transaction where the event has one. */
  const tell = async <T extends WebhookEventType>(db: Db, type: T, eventId: string, data: WebhookData[T]) => {
    const at = clock();
    await service.enqueue(db, type, eventId, standardBody(type, at, data), at);
  };
  const installs: InstallFailureWatch = new InstallFailureWatch({
    db: app.db,
    wanted: () => endpoints.anyFor('install.failed'),
    failed: (eventId, unit) => tell(app.db, 'install.failed', `install-${eventId}`, { unit }),
    logger: app.log,
  });
  app.decorate('webhooks', { service, worker, installs });

  // An alarm is raised and cleared once, so its id names the event that lists it first.
  const alarms = (type: 'alarm.raised' | 'alarm.cleared', list: Alarm[], total: number) =>
    list.length === 0
      ? undefined
      : tell(app.db, type, `alarm-${Math.min(...list.map((a) => a.id))}`, { alarms: list, total });
  const rollout = (type: 'rollout.paused' | 'rollout.completed', { tx, historyId, ...data }: RolloutTransition) =>
    tell(tx, type, `rollout-${data.rollout.id}-history-${historyId}`, data);

  app.events.on('alarmsRaised', 'webhooks', ({ alarms: list, total }) => alarms('alarm.raised', list, total));
  app.events.on('alarmsCleared', 'webhooks', ({ alarms: list, total }) => alarms('alarm.cleared', list, total));
  app.events.on('rolloutPaused', 'webhooks', (event) => rollout('rollout.paused', event));
  app.events.on('rolloutCompleted', 'webhooks', (event) => rollout('rollout.completed', event));
  // Inside the escalation's transaction, which happens once: a new id is the event's.
  app.events.on('ticketEscalated', 'webhooks', ({ tx, ticket, by }) =>
    tell(tx, 'ticket.escalated', `ticket-${ticket.id}-${randomUUID()}`, { ticket, by }),
  );
  app.events.on('unitClaimWaiting', 'webhooks', ({ tx, claim }) =>
    tell(tx, 'unit_claim.waiting', `claim-${claim.id}`, { claim }),
  );
  app.events.on('unitChanged', 'webhooks', ({ serialNumber }) => installs.unitChanged(serialNumber));

  scheduleJob(app, { name: 'webhook', intervalMs: config.JOB_INTERVAL_MS, tick: () => worker.tick(), clock });
  app.addHook('preClose', async () => {
    await installs.stop();
    await worker.stop();
  });
}

export default fp(webhooksPlugin, { name: 'webhooks', dependencies: ['database', 'clock'] });
