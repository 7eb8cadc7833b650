import type { FastifyBaseLogger } from 'fastify';
import { SERVICES, type ServiceName, type ServiceStatus } from '@ed/contract/dashboard';
import { withTimeout } from '../../shared/with-timeout.js';

export interface ServiceModule {
  /** Resolves when the module works; throws (or resolves false) when it does not. */
  check(): Promise<boolean | undefined>;
  /** Re-initialises what the module holds (connections, sockets) and re-checks it. */
  restart(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 3_000;

export type ServiceModules = Partial<Record<ServiceName, ServiceModule>>;

/**
 * The 13 services of the home dashboard, each backed by a module of this server (the table in
 * services.plugin.ts). A service no module backs reports down, so nothing claims to work that does not.
 */
export class ServiceRegistry {
  private last: ServiceStatus | undefined;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly modules: ServiceModules,
  ) {}

  has(name: ServiceName): boolean {
    return this.modules[name] !== undefined;
  }

  async status(): Promise<ServiceStatus> {
    return Promise.all(SERVICES.map(async ({ name, label }) => ({ name, label, up: await this.isUp(name) })));
  }

  /** Restarts a service; true when it is up afterwards. */
  async restart(name: ServiceName): Promise<boolean> {
    const module = this.modules[name];
    if (!module) return false;
    this.log.info({ service: name }, 'restarting service');
    try {
      await withTimeout(module.restart(), CHECK_TIMEOUT_MS * 2);
    } catch (err) {
      this.log.warn({ err, service: name }, 'service restart failed');
    }
    return this.isUp(name);
  }

  /** The current status, and whether it differs from the one seen last time. */
  async poll(): Promise<{ status: ServiceStatus; changed: boolean }> {
    const status = await this.status();
    const changed = JSON.stringify(status) !== JSON.stringify(this.last);
    this.last = status;
    return { status, changed };
  }

  private async isUp(name: ServiceName): Promise<boolean> {
    const module = this.modules[name];
    if (!module) return false;
    try {
      return (await withTimeout(module.check(), CHECK_TIMEOUT_MS)) !== false;
    } catch (err) {
      this.log.warn({ err, service: name }, 'service check failed');
      return false;
    }
  }
}
