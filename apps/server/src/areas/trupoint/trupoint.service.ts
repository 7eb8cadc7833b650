import type { FastifyBaseLogger } from 'fastify';
import { MAX_PAIRING_CALIBRATIONS, type Pairing, type PairingState } from '@ed/contract/trupoint';
import { pairingMessageSchema, type DeviceCommandArgs, type DeviceCommandName } from '@ed/contract/device-protocol';
import { conflict, DomainError, notFound, unauthorized, unitFailed } from '../../shared/domain-error.js';
import type { UnitLookup } from '../../ports/equipment.js';
import { hashToken, newSecretToken } from '../../shared/secret-token.js';
import {
  TruPointRepository,
  type PairingListFilter,
  type PairingListQuery,
  type PairingRow,
  type VendorRow,
} from './trupoint.repository.js';

export const pairingView = (row: PairingRow): Pairing => ({
  id: row.id,
  vendor: row.vendor,
  vendorKey: row.vendorKey,
  alignmentId: row.alignmentId,
  truPointSerialNumber: row.truPointSerialNumber,
  state: row.state,
  reason: row.reason,
  calibrations: row.calibrations,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const KEY_PREFIX = 'tpv_';

type Send = <C extends DeviceCommandName>(serial: string, name: C, args: DeviceCommandArgs<C>) => Promise<unknown>;

/** Tru-Point vendor integrations: vendor keys, pairings and the units' reports on them. */
export class TruPointService {
  constructor(
    private readonly deps: {
      repository: TruPointRepository;
      equipment: UnitLookup;
      send: Send;
      logger: FastifyBaseLogger;
    },
  ) {}

  async createVendor(name: string): Promise<VendorRow> {
    if (await this.deps.repository.findVendor(name)) throw conflict(`Vendor ${name} already exists.`);
    return this.deps.repository.createVendor(name);
  }

  /** A new API key for the vendor; the key itself is returned once and only its hash is stored. */
  async createKey(vendorName: string): Promise<{ vendor: string; id: number; prefix: string; apiKey: string }> {
    const vendor = await this.deps.repository.findVendor(vendorName);
    if (!vendor) throw notFound(`There is no vendor named ${vendorName}.`);
    const apiKey = `${KEY_PREFIX}${newSecretToken()}`;
    const prefix = apiKey.slice(0, KEY_PREFIX.length + 6);
    const row = await this.deps.repository.addKey(vendor.id, hashToken(apiKey), prefix);
    return { vendor: vendor.name, id: row.id, prefix, apiKey };
  }

  async revokeKey(id: number): Promise<void> {
    if (!(await this.deps.repository.revokeKey(id))) throw notFound(`There is no active vendor API key ${id}.`);
  }

  async authenticate(apiKey: string | string[] | undefined): Promise<VendorRow> {
    if (typeof apiKey !== 'string' || !apiKey)
      throw unauthorized('Send your vendor API key in the x-vendor-api-key header.');
    const vendor = await this.deps.repository.vendorForKey(hashToken(apiKey));
    if (!vendor) throw unauthorized('The vendor API key is not valid or has been revoked.');
    return vendor;
  }

  list(query: PairingListQuery) {
    return this.deps.repository.list(query);
  }

  /** A table's rows for an export: the same filter and sort, read a page at a time. */
  exportSource(query: PairingListFilter) {
    const repository = this.deps.repository;
    return {
      count: () => repository.count(query),
      page: async (offset: number, limit: number) => (await repository.rows(query, offset, limit)).map(pairingView),
    };
  }

  /** A vendor's own pairing; another vendor's is "not found", so ids of others reveal nothing. */
  async own(vendor: VendorRow, id: string): Promise<PairingRow> {
    const pairing = await this.deps.repository.find(id);
    if (!pairing || pairing.vendorId !== vendor.id)
      throw notFound(`There is no pairing ${id} of vendor ${vendor.name}.`);
    return pairing;
  }

  /**
   * Pairs a vendor's alignment with a connected Tru-Point and tells the unit. If the unit does not
   * take it, the pairing is kept as aborted with the unit's reason, so the vendor can see why.
   */
  async start(vendor: VendorRow, request: { vendorKey: string; alignmentId: string; serialNumber: string }) {
    const { serialNumber } = request;
    const unit = await this.deps.equipment.findBySerial(serialNumber);
    if (!unit) throw notFound(`There is no Tru-Point with serial number ${serialNumber}.`);
    if (unit.family !== 'gtps') throw conflict(`Unit ${serialNumber} is not a Tru-Point.`);
    if (!unit.connected) throw conflict(`Tru-Point ${serialNumber} is not connected. Try again when it is online.`);
    if (await this.deps.repository.activeFor(serialNumber)) {
      throw conflict(`Tru-Point ${serialNumber} is already in an active pairing.`);
    }
    const row = await this.deps.repository.insert({
      vendorId: vendor.id,
      vendor: vendor.name,
      vendorKey: request.vendorKey,
      alignmentId: request.alignmentId,
      truPointSerialNumber: serialNumber,
    });
    try {
      await this.deps.send(serialNumber, 'start_pairing', {
        pairingId: row.id,
        vendor: vendor.name,
        vendorKey: row.vendorKey,
        alignmentId: row.alignmentId,
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await this.finish(row.id, 'aborted', `The Tru-Point did not take the pairing: ${reason}`);
      throw err instanceof DomainError ? err : unitFailed(reason);
    }
    return pairingView(row);
  }

  async abort(vendor: VendorRow, id: string, reason: string): Promise<Pairing> {
    const pairing = await this.own(vendor, id);
    if (pairing.state !== 'active') throw conflict(`Pairing ${id} is already ${pairing.state}.`);
    const row = await this.finish(id, 'aborted', reason);
    // Telling the unit is a courtesy: the pairing is over whether or not it hears it.
    this.deps
      .send(pairing.truPointSerialNumber, 'abort_pairing', { pairingId: id, reason })
      .catch((err: unknown) => this.deps.logger.info({ err, pairingId: id }, 'the unit did not hear the abort'));
    return pairingView(row);
  }

  /** A report on a unit's `pairing` topic; anything not about its own active pairing is dropped. */
  async handleUnitMessage(serialNumber: string, json: unknown): Promise<void> {
    const parsed = pairingMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.deps.logger.warn(
        { serialNumber, problem: issue && `${issue.path.join('.')}: ${issue.message}` },
        'dropped a malformed pairing report',
      );
      return;
    }
    const message = parsed.data;
    await this.deps.repository.db.transaction(async (tx) => {
      const pairing = await this.deps.repository.find(message.pairingId, tx, true);
      if (!pairing || pairing.truPointSerialNumber !== serialNumber || pairing.state !== 'active') {
        this.deps.logger.warn(
          { serialNumber, pairingId: message.pairingId },
          'dropped a report on a pairing not active on this unit',
        );
        return undefined;
      }
      if (message.event === 'completed') return this.deps.repository.update(pairing.id, { state: 'completed' }, tx);
      if (message.event === 'aborted') {
        return this.deps.repository.update(pairing.id, { state: 'aborted', reason: message.reason }, tx);
      }
      const calibrations = TruPointRepository.mergeCalibration(pairing.calibrations, message.calibration);
      if (calibrations.length > MAX_PAIRING_CALIBRATIONS) {
        this.deps.logger.warn({ serialNumber, pairingId: pairing.id }, 'dropped a calibration over the limit');
        return undefined;
      }
      return this.deps.repository.update(pairing.id, { calibrations }, tx);
    });
  }

  private async finish(id: string, state: Exclude<PairingState, 'active'>, reason: string | null) {
    return this.deps.repository.update(id, { state, reason });
  }
}
