import type { FastifyBaseLogger } from 'fastify';
import type { LatestSoftwareVersion } from '@ed/contract/dashboard';
import { FAMILY_LABELS, type Family } from '@ed/contract/families';
import { canStage } from '@ed/contract/permissions';
import {
  softwareManifestSchema,
  type SoftwareManifest,
  type SoftwareUpdate,
  type createUpdateRequestSchema,
} from '@ed/contract/software';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { atLeast, compareVersions, isOlder } from '@ed/contract/versions';
import type { Db } from '../../db/client.js';
import type { EquipmentRow } from '../../db/unit-columns.js';
import { unitFacts } from '../../ports/equipment.js';
import type { ResolvedPackage, VerifiedPackage } from '../../ports/packages.js';
import { badRequest, conflict, notFound } from '../../shared/domain-error.js';
import type { PackageFiles } from './package-files.js';
import type { PackageStore } from './package-store.js';
import type { SoftwareRepository, SoftwareUpdateRow, StagedRow } from './software.repository.js';
import type { DomainEventBus } from '../../ports/domain-events.js';

export interface StagingDeps {
  db: Db;
  repository: SoftwareRepository;
  store: PackageStore;
  packageFiles: PackageFiles;
  findUnit(serialNumber: string, db?: Db): Promise<EquipmentRow | undefined>;
  findUnits(serialNumbers: readonly string[], db?: Db): Promise<EquipmentRow[]>;
  /** Tells a connected unit about its staged update (or that it was cleared), after the commit. */
  tellUnit(serialNumber: string, update: SoftwareUpdateRow | null): Promise<void>;
  /** Tells of a publication and of staging changes (totals and units' cards follow). */
  events: DomainEventBus;
  now(): Date;
  logger: FastifyBaseLogger;
}

const toSoftwareUpdate = (row: SoftwareUpdateRow, isLatest: boolean): SoftwareUpdate => ({
  id: row.id,
  family: row.family,
  version: { semantic: row.semantic, meta: row.meta },
  prerequisite: row.prerequisite,
  path: row.path,
  files: row.files,
  isLatest,
  createdAt: row.createdAt.toISOString(),
});

const label = (family: Family) => FAMILY_LABELS[family];

export type VerifiedSoftwarePackage = ResolvedPackage<SoftwareManifest> & VerifiedPackage;

/** Publishing updates and staging them on units (part 1 §4 rules, part 2 §7 calls). */
export class SoftwareService {
  constructor(private readonly deps: StagingDeps) {}

  async latestVersion(family: Family): Promise<LatestSoftwareVersion> {
    const row = await this.deps.repository.latest(family);
    return row ? { semantic: row.semantic, meta: row.meta, path: row.path } : null;
  }

  /** The manifest at `updatePath`, checked to belong to `family`, its signatures and files verified. */
  async validate(family: Family, updatePath: string): Promise<VerifiedSoftwarePackage> {
    return this.verified(await this.read(family, updatePath));
  }

  /**
   * The validate call: the package, refused (409, with the reason Confirm would give) when its
   * version could not be created, before its files are hashed.
   */
  async validateNew(family: Family, updatePath: string): Promise<VerifiedSoftwarePackage> {
    const pkg = await this.read(family, updatePath);
    await this.assertCreatable(family, pkg.manifest.version.semantic, this.deps.db);
    return this.verified(pkg);
  }

  private async read(family: Family, updatePath: string): Promise<ResolvedPackage<SoftwareManifest>> {
    const pkg = await this.deps.store.read(updatePath, softwareManifestSchema, 'software');
    if (pkg.manifest.family !== family) {
      throw badRequest(
        `The package at ${pkg.path} is for ${label(pkg.manifest.family)}, not ${label(family)}.`,
        'updatePath',
      );
    }
    return pkg;
  }

  private async verified(pkg: ResolvedPackage<SoftwareManifest>): Promise<VerifiedSoftwarePackage> {
    const { manifest } = pkg;
    const facts = {
      kind: 'software' as const,
      family: manifest.family,
      version: manifest.version,
      prerequisites: manifest.prerequisites,
    };
    return { ...pkg, ...(await this.deps.store.verify(pkg, facts)) };
  }

  async create(
    family: Family,
    request: z.output<typeof createUpdateRequestSchema>,
    username: string,
  ): Promise<SoftwareUpdate> {
    if (request.family !== family) {
      throw badRequest(`This call creates ${label(family)} updates; the request names ${request.family}.`, 'family');
    }
    const pkg = await this.validate(family, request.path);
    const { semantic } = request.version;
    if (pkg.manifest.version.semantic !== semantic) {
      throw badRequest(
        `The manifest at ${pkg.path} is version ${pkg.manifest.version.semantic}, not ${semantic}.`,
        'version.semantic',
      );
    }
    // Checked before the copy too, so a refused version costs no copying.
    await this.assertCreatable(family, semantic, this.deps.db);
    const row = await this.deps.packageFiles.create(
      'software',
      pkg.path,
      pkg.files.map((f) => f.name),
      async (tx, files) => {
        // One creation per family at a time, so "newer than the latest" holds under concurrency.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'software-updates:' + family}))`);
        await this.assertCreatable(family, semantic, tx);
        return this.deps.repository.insert(
          {
            family,
            semantic,
            meta: request.version.meta ?? pkg.manifest.version.meta,
            prerequisite: request.prerequisite ?? pkg.manifest.prerequisites.require,
            path: pkg.path,
            files,
            releaseMetadata: pkg.release,
            createdBy: username,
          },
          tx,
        );
      },
    );
    const update = toSoftwareUpdate(row, true);
    this.deps.events.notify('updatePublished', { update, username });
    return update;
  }

  /** 409 for a version that exists already or is not newer than the family's latest. */
  private async assertCreatable(family: Family, semantic: string, db: Db): Promise<void> {
    if (await this.deps.repository.find(family, semantic, db)) {
      throw conflict(`${label(family)} update ${semantic} already exists.`);
    }
    const latest = await this.deps.repository.latest(family, db);
    if (latest && compareVersions(semantic, latest.semantic) <= 0) {
      throw conflict(
        `Version ${semantic} is not newer than the latest ${label(family)} software (${latest.semantic}).`,
      );
    }
  }

  /** Why `unit` may not take `update`, or null; the server's copy of the §4 rule with reasons. */
  stageRefusal(unit: EquipmentRow, update: SoftwareUpdateRow, latest: SoftwareUpdateRow): string | null {
    const serial = unit.serialNumber;
    const version = unit.versionSemantic;
    if (!version) return `Unit ${serial} has not reported its software version yet; it cannot be staged.`;
    if (unit.family === 'aligner' && !atLeast(version, '4.0.0')) {
      return `Unit ${serial} runs ${version}; staging needs software 4.0.0 or later.`;
    }
    if (!isOlder(version, update.semantic)) {
      return `Unit ${serial} already runs ${version}, at or past ${update.semantic}.`;
    }
    if (!canStage(unitFacts(unit), latest.semantic)) {
      if (!isOlder(version, latest.semantic)) {
        return `Unit ${serial} already runs ${version}, the latest ${label(unit.family)} software or newer.`;
      }
      return `Unit ${serial} already has ${unit.pendingSoftwareDownload ?? 'the latest update'} staged or downloaded.`;
    }
    return null;
  }

  /**
   * Stages inside `db` (a transaction of the caller's, or its own). Throws 404/409 with the reason;
   * the caller tells the unit after its commit.
   */
  async stageIn(
    db: Db,
    family: Family,
    serialNumber: string,
    semantic: string,
    autoStaged: boolean,
  ): Promise<{ unit: EquipmentRow; update: SoftwareUpdateRow }> {
    const unit = await this.deps.findUnit(serialNumber, db);
    if (!unit) throw notFound(`There is no unit with serial number ${serialNumber}.`);
    if (unit.family !== family) {
      throw badRequest(`Unit ${serialNumber} is ${label(unit.family)}, not ${label(family)}.`, 'serialNumber');
    }
    const update = await this.deps.repository.find(family, semantic, db);
    if (!update) throw notFound(`There is no published ${label(family)} update ${semantic}.`);
    // `update` is one of the family's updates, so the family has a latest: `update` at the least.
    const latest = (await this.deps.repository.latest(family, db)) ?? update;
    const refusal = this.stageRefusal(unit, update, latest);
    if (refusal) throw conflict(refusal);
    const now = this.deps.now();
    await this.deps.repository.setStaged(
      { serialNumber, family, updateId: update.id, semantic, autoStaged, stagedAt: now, lastProgressAt: now },
      db,
    );
    return { unit, update };
  }

  /**
   * Stages a batch of units with one update under the same rule as one unit (stageRefusal), in
   * a handful of statements: a rollout stages hundreds a round. Returns who was staged and why
   * the others were not; the caller tells the staged units after its commit.
   */
  async stageManyIn(
    db: Db,
    family: Family,
    serialNumbers: readonly string[],
    semantic: string,
  ): Promise<{
    update: SoftwareUpdateRow;
    staged: string[];
    refused: Map<string, { reason: string; onVersion: boolean }>;
  }> {
    const update = await this.deps.repository.find(family, semantic, db);
    if (!update) throw notFound(`There is no published ${label(family)} update ${semantic}.`);
    const latest = (await this.deps.repository.latest(family, db)) ?? update;
    const units = new Map((await this.deps.findUnits(serialNumbers, db)).map((u) => [u.serialNumber, u]));
    const staged: string[] = [];
    const refused = new Map<string, { reason: string; onVersion: boolean }>();
    for (const serial of serialNumbers) {
      const unit = units.get(serial);
      const refusal = !unit
        ? `There is no unit with serial number ${serial}.`
        : unit.family !== family
          ? `Unit ${serial} is ${label(unit.family)}, not ${label(family)}.`
          : this.stageRefusal(unit, update, latest);
      const version = unit?.versionSemantic;
      if (refusal) refused.set(serial, { reason: refusal, onVersion: !!version && !isOlder(version, semantic) });
      else staged.push(serial);
    }
    const at = this.deps.now();
    await this.deps.repository.setStagedMany({ family, updateId: update.id, semantic }, staged, at, db);
    return { update, staged, refused };
  }

  async stage(
    family: Family,
    serialNumber: string,
    semantic: string,
  ): Promise<{ update: SoftwareUpdateRow; at: Date }> {
    const { update } = await this.deps.db.transaction((tx) => this.stageIn(tx, family, serialNumber, semantic, false));
    await this.afterStaging(family, [{ serialNumber, update }]);
    return { update, at: this.deps.now() };
  }

  async afterStaging(family: Family, staged: { serialNumber: string; update: SoftwareUpdateRow | null }[]) {
    // Not awaited: an unresponsive unit must not hold the call; it is told again when it reconnects.
    for (const { serialNumber, update } of staged) {
      void this.deps
        .tellUnit(serialNumber, update)
        .catch((err: unknown) => this.deps.logger.warn({ err, serialNumber }, 'unit not told of its staged update'));
    }
    if (staged.length > 0) {
      this.deps.events.notify('stagingChanged', { family, serialNumbers: staged.map((s) => s.serialNumber) });
    }
  }

  /** Clears a unit's staged update; an auto-staged one frees its slot (recorded as auto-unstaged). */
  async unstageIn(db: Db, family: Family, serialNumber: string, kind: 'auto_unstaged' | 'hung'): Promise<StagedRow> {
    const unit = await this.deps.findUnit(serialNumber, db);
    if (!unit) throw notFound(`There is no unit with serial number ${serialNumber}.`);
    if (unit.family !== family) {
      throw badRequest(`Unit ${serialNumber} is ${label(unit.family)}, not ${label(family)}.`, 'serialNumber');
    }
    if (!unit.pendingSoftwareDownload) throw conflict(`Unit ${serialNumber} has no staged update.`);
    const row = await this.deps.repository.clearStaged(serialNumber, db);
    if (row?.autoStaged) await this.recordSlotFreed(db, row, kind);
    return row ?? ({ serialNumber, family, semantic: unit.pendingSoftwareDownload } as StagedRow);
  }

  async unstage(family: Family, serialNumber: string): Promise<string> {
    const row = await this.deps.db.transaction((tx) => this.unstageIn(tx, family, serialNumber, 'auto_unstaged'));
    await this.afterStaging(family, [{ serialNumber, update: null }]);
    return row.semantic;
  }

  async recordSlotFreed(db: Db, row: StagedRow, kind: 'auto_unstaged' | 'hung' | 'delivery'): Promise<void> {
    const now = this.deps.now();
    await this.deps.repository.recordEvent(
      {
        family: row.family,
        kind,
        serialNumber: row.serialNumber,
        slotAgeMinutes: Math.round((now.getTime() - row.stagedAt.getTime()) / 60_000),
        at: now,
      },
      db,
    );
  }
}
