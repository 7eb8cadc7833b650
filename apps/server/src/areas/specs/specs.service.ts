import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { specManifestSchema } from '@ed/contract/software';
import type {
  SpecUpdate,
  ValidatedSpecManifest,
  createSpecUpdateRequestSchema,
  updateSpecUpdateRequestSchema,
} from '@ed/contract/specs';
import type { ReleaseMetadata } from '@ed/contract/release-metadata';
import type { Db } from '../../db/client.js';
import { returnedRow } from '../../db/rows.js';
import { specUpdates } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../shared/domain-error.js';
import { normalizeUpdatePath, type PackageCopier, type PackageReader } from '../../ports/packages.js';

const PAGE_SIZE = 10;
type Row = typeof specUpdates.$inferSelect;

const toSpecUpdate = (r: Row): SpecUpdate => ({
  id: r.id,
  path: r.path,
  version: { name: r.name, month: r.month, year: r.year },
  prerequisites: { require: r.require, gtpsRequire: r.gtpsRequire, oasisRequire: r.oasisRequire },
  active: r.active,
  targetFamily: r.targetFamily,
  filter: r.filter,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Spec releases: validated from their package, created once per path, edited in place. */
export class SpecsService {
  constructor(
    private readonly db: Db,
    private readonly store: PackageReader,
    private readonly packageFiles: PackageCopier,
  ) {}

  async validate(updatePath: string): Promise<ValidatedSpecManifest & { release: ReleaseMetadata | null }> {
    const pkg = await this.read(updatePath);
    return { ...pkg, ...(await this.verified(pkg)) };
  }

  /** The validate call: a package whose path is a release already is refused as creating it would be. */
  async validateNew(updatePath: string): Promise<ValidatedSpecManifest> {
    const pkg = await this.read(updatePath);
    await this.assertNew(pkg.path);
    const { verification } = await this.verified(pkg);
    return { ...pkg, verification };
  }

  private async read(updatePath: string) {
    const pkg = await this.store.read(updatePath, specManifestSchema, 'spec');
    return {
      version: pkg.manifest.version,
      prerequisites: pkg.manifest.prerequisites,
      files: pkg.files,
      path: pkg.path,
    };
  }

  private verified(pkg: Awaited<ReturnType<SpecsService['read']>>) {
    return this.store.verify(pkg, { kind: 'spec', version: pkg.version, prerequisites: pkg.prerequisites });
  }

  async create(request: z.output<typeof createSpecUpdateRequestSchema>): Promise<SpecUpdate> {
    const pkg = await this.validate(request.path);
    this.sameVersion(pkg, request.version);
    await this.assertNew(pkg.path);
    const row = await this.packageFiles.create(
      'spec',
      pkg.path,
      pkg.files.map((f) => f.name),
      async (tx, files) => {
        const [inserted] = await tx
          .insert(specUpdates)
          .values({
            path: pkg.path,
            ...pkg.version,
            // The manifest is the source of the prerequisites; the request may only narrow what it leaves open.
            require: pkg.prerequisites.require ?? request.prerequisites?.require ?? null,
            gtpsRequire: pkg.prerequisites.gtpsRequire ?? request.prerequisites?.gtpsRequire ?? null,
            oasisRequire: pkg.prerequisites.oasisRequire ?? request.prerequisites?.oasisRequire ?? null,
            active: request.active,
            targetFamily: request.targetFamily,
            filter: request.filter,
            files,
            releaseMetadata: pkg.release,
          })
          .onConflictDoNothing({ target: specUpdates.path })
          .returning();
        // Another call created it between the check and now.
        if (!inserted) throw conflict(`A spec update for ${pkg.path} already exists; edit it instead.`);
        return inserted;
      },
    );
    return toSpecUpdate(row);
  }

  async update(request: z.output<typeof updateSpecUpdateRequestSchema>): Promise<SpecUpdate> {
    const path = normalizeUpdatePath(request.path);
    const [current] = await this.db.select().from(specUpdates).where(eq(specUpdates.path, path)).limit(1);
    if (!current) throw notFound(`There is no spec update for ${path}.`);
    if (request.version) {
      this.sameVersion({ version: { name: current.name, month: current.month, year: current.year } }, request.version);
    }
    const rows = await this.db
      .update(specUpdates)
      .set({
        active: request.active,
        targetFamily: request.targetFamily,
        filter: request.filter,
        updatedAt: sql`now()`,
      })
      .where(eq(specUpdates.id, current.id))
      .returning();
    return toSpecUpdate(returnedRow(rows));
  }

  async list(page: number): Promise<{ docs: SpecUpdate[]; totalDocs: number }> {
    const [docs, totalDocs] = await Promise.all([this.rows((page - 1) * PAGE_SIZE, PAGE_SIZE), this.count()]);
    return { docs, totalDocs };
  }

  /** The list's rows for an export, read a page at a time. */
  exportSource() {
    return { count: () => this.count(), page: (offset: number, limit: number) => this.rows(offset, limit) };
  }

  private async count(): Promise<number> {
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(specUpdates);
    return count?.n ?? 0;
  }

  /** The list's rows, newest first, from `offset` (a page, or a page of an export). */
  private async rows(offset: number, limit: number): Promise<SpecUpdate[]> {
    const rows = await this.db
      .select()
      .from(specUpdates)
      .orderBy(desc(specUpdates.createdAt), desc(specUpdates.id))
      .limit(limit)
      .offset(offset);
    return rows.map(toSpecUpdate);
  }

  private async assertNew(path: string): Promise<void> {
    const [existing] = await this.db.select({ id: specUpdates.id }).from(specUpdates).where(eq(specUpdates.path, path));
    if (existing) throw conflict(`A spec update for ${path} already exists; edit it instead.`);
  }

  private sameVersion(pkg: { version: { name: string; month: number; year: number } }, version: SpecUpdate['version']) {
    const a = pkg.version;
    if (a.name !== version.name || a.month !== version.month || a.year !== version.year) {
      throw badRequest(
        `The package is spec ${a.name} ${a.month}/${a.year}, not ${version.name} ${version.month}/${version.year}.`,
        'version',
      );
    }
  }
}
