import { VENDOR_KEY_HEADER } from '@ed/contract/trupoint';
import { TimerGroup, systemClock, type Clock } from './clock.js';
import { silentLogger, type Logger } from './logger.js';
import { Prng } from './prng.js';
import type { SimulatedUnit } from './simulated-unit.js';
import { fillPath, type Endpoint } from '@ed/contract/http-api';
import { easyRoutes } from '@ed/contract/routes/easy';
import { vendorRoutes } from '@ed/contract/routes/vendor';

export interface FieldDemoOptions {
  serverUrl: string;
  units: readonly SimulatedUnit[];
  /** A vendor's API key: its shop system pairs alignments with idle Tru-Points. */
  vendorApiKey?: string;
  /** Fixtures and target ids the aligners activate EZ ADAS targets with. */
  ezFixtures?: readonly string[];
  ezTargetIds?: readonly number[];
  pairingEveryMs?: number;
  activationEveryMs?: number;
  clock?: Clock;
  seed?: number;
  logger?: Logger;
}

const ABORT_SHARE = 0.15;
const ABORT_AFTER_MS = 2_000;

/**
 * The field around the simulated fleet: a vendor's shop system starting pairings over the vendor
 * API, and aligners activating EZ ADAS targets with fixtures over the device API.
 */
export function startFieldDemo(options: FieldDemoOptions): { stop(): void } {
  const clock = options.clock ?? systemClock;
  const timers = new TimerGroup(clock);
  const prng = new Prng(options.seed ?? 77);
  const logger = options.logger ?? silentLogger;
  let alignment = 1000;

  const call = async (
    route: Endpoint,
    init: { params?: Record<string, string>; headers: Record<string, string>; body: unknown },
  ) => {
    const response = await fetch(new URL(fillPath(route.path, init.params), options.serverUrl), {
      method: route.method,
      headers: { 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify(init.body),
    });
    const answer = (await response.json().catch(() => ({}))) as { id?: string; message?: string };
    return { status: response.status, answer };
  };

  const pairOne = async (apiKey: string) => {
    const idle = options.units.filter((u) => u.online && u.state.family === 'gtps' && !u.pairings.activePairing);
    if (idle.length === 0) return;
    const unit = prng.pick(idle);
    alignment += 1;
    const headers = { [VENDOR_KEY_HEADER]: apiKey };
    const body = {
      vendorKey: `bay-${prng.int(1, 12)}`,
      alignmentId: `AL-${alignment}`,
      serialNumber: unit.serialNumber,
    };
    const { status, answer } = await call(vendorRoutes.startPairing, { headers, body });
    if (status !== 201) {
      logger.info(`vendor: pairing with ${unit.serialNumber} refused (${status}: ${answer.message ?? ''})`);
      return;
    }
    if (prng.chance(ABORT_SHARE) && answer.id) {
      const id = answer.id;
      timers.after(ABORT_AFTER_MS, () => {
        void call(vendorRoutes.abortPairing, {
          params: { id },
          headers,
          body: { reason: 'The customer declined the calibration.' },
        });
      });
    }
  };

  const activateOne = async (fixtures: readonly string[], targetIds: readonly number[]) => {
    const aligners = options.units.filter((u) => u.online && u.state.family !== 'gtps' && u.deviceToken);
    if (aligners.length === 0 || fixtures.length === 0 || targetIds.length === 0) return;
    const unit = prng.pick(aligners);
    const basic = Buffer.from(`${unit.serialNumber}:${unit.deviceToken ?? ''}`).toString('base64');
    const body = { fixtureSerialNumber: prng.pick(fixtures), targetId: prng.pick(targetIds) };
    const { status, answer } = await call(easyRoutes.activate, {
      headers: { authorization: `Basic ${basic}` },
      body,
    });
    // Refusals (a target beyond the fixture's package) are part of the demo, as in the field.
    logger.debug(
      `ez adas: ${unit.serialNumber} ${body.fixtureSerialNumber}/${body.targetId}: ${status} ${answer.message ?? ''}`,
    );
  };

  let stopped = false;
  const every = (ms: number, work: () => Promise<void>) => {
    const tick = () => {
      work()
        .catch((error: unknown) => logger.warn(`field demo: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => {
          if (!stopped) timers.after(ms, tick);
        });
    };
    timers.after(prng.int(1_000, 3_000), tick);
  };

  const { vendorApiKey, ezFixtures = [], ezTargetIds = [] } = options;
  if (vendorApiKey) every(options.pairingEveryMs ?? 45_000, () => pairOne(vendorApiKey));
  if (ezFixtures.length > 0) every(options.activationEveryMs ?? 20_000, () => activateOne(ezFixtures, ezTargetIds));
  return {
    stop: () => {
      stopped = true;
      timers.cancelAll();
    },
  };
}
