import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ElevationKind } from '@ed/contract/elevations';
import { scheduleJob } from '../../shared/job-timer.js';
import { ElevationsRepository } from './elevations.repository.js';
import { ElevationsService } from './elevations.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    elevations: ElevationsService;
  }
}

/** Elevations that revert by themselves, and the job that reverts them when they are due. */
async function elevationsPlugin(app: FastifyInstance) {
  const revert = (serialNumber: string, kind: ElevationKind) => {
    const fleet = app.fleet.service;
    switch (kind) {
      case 'logLevel':
        return fleet.runAsSystem(serialNumber, 'set_logging_level', { loggingLevel: 'WARN' });
      case 'sshPort':
        return fleet.runAsSystem(serialNumber, 'close_ssh_port', {});
      case 'rcp':
        return fleet.runAsSystem(serialNumber, 'end_rcp', {});
    }
  };
  const elevations = new ElevationsService({
    db: app.db,
    repository: new ElevationsRepository(app.db),
    revert,
    audits: app.audits,
    minuteMs: app.config.ELEVATION_MINUTE_MS,
    claimMs: app.config.COMMAND_TIMEOUT_MS * 3,
    logger: app.log,
  });
  app.decorate('elevations', elevations);
  app.fleet.recordElevations(elevations);
  app.events.on('unitRenamed', 'elevations', ({ tx, from, to }) => ElevationsRepository.renameSerial(tx, from, to));
  scheduleJob(app, {
    name: 'elevation',
    intervalMs: app.config.JOB_INTERVAL_MS,
    tick: (now) => elevations.revertDue(now),
    clock: () => app.clock(),
  });
}

export default fp(elevationsPlugin, { name: 'elevations', dependencies: ['database', 'fleet', 'audits', 'clock'] });
