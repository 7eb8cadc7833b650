import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { packageFiles, softwareUpdates, specUpdates } from '../../db/schema.js';
import type { FileStore } from '../../shared/file-store/file-store.js';
import { sendStoredFile } from '../../shared/file-store/send-file.js';
import type { NewFile, StoredFile } from '../../shared/file-store/stored-file.js';
import { notFound } from '../../shared/domain-error.js';
import type { PackageCopier, PackageFile, PackageKind } from '../../ports/packages.js';
import type { PackageStore } from './package-store.js';

const MANIFEST = 'manifest.json';
/** Older releases copied per kind at one boot; more wait for the next. */
const IMPORT_BATCH = 200;
const ownerColumn = (kind: PackageKind) =>
  kind === 'software' ? packageFiles.softwareUpdateId : packageFiles.specUpdateId;
const fileName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/**
 * The files of software updates and spec releases in the file store. They are copied, streamed,
 * from the operator's UPDATES_DIR folder when the release is created, in the transaction that
 * creates it, so whichever instance a unit reaches serves them.
 */
export class PackageFiles implements PackageCopier {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly packages: PackageStore,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /**
   * Copies the package at `path` (its manifest and `names`) and runs `insert`, which creates the
   * release row from the files as copied, in the transaction that registers them.
   */
  async create<T extends { id: number }>(
    kind: PackageKind,
    path: string,
    names: string[],
    insert: (tx: Db, files: PackageFile[]) => Promise<T>,
  ): Promise<T> {
    const copies = await this.copies(path, names);
    return this.files.transaction(copies, async (tx, stored) => {
      const row = await insert(
        tx,
        stored.filter((s) => fileName(s.key) !== MANIFEST).map((s) => ({ name: fileName(s.key), size: s.size })),
      );
      await this.link(tx, kind, row.id, stored);
      return row;
    });
  }

  /** Streams a file of a release to a unit, with Range resume. */
  async send(request: FastifyRequest, reply: FastifyReply, kind: PackageKind, id: number, name: string) {
    const [row] = await this.db
      .select({ key: packageFiles.fileKey })
      .from(packageFiles)
      .where(and(eq(ownerColumn(kind), id), eq(packageFiles.name, name)))
      .limit(1);
    if (!row) throw notFound(`The ${kind} package ${id} has no file ${name} in the file store.`);
    return sendStoredFile(request, reply, this.files, row.key, { contentType: 'application/octet-stream' });
  }

  /**
   * Releases created before the file store existed have no copies yet: they are made from
   * UPDATES_DIR once, by the first instance that has the folder.
   */
  async importOlder(): Promise<number> {
    let imported = 0;
    for (const kind of ['software', 'spec'] as const) {
      const table = kind === 'software' ? softwareUpdates : specUpdates;
      const rows = await this.db
        .select({ id: table.id, path: table.path, files: table.files })
        .from(table)
        .where(
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(packageFiles)
              .where(eq(ownerColumn(kind), table.id)),
          ),
        )
        .limit(IMPORT_BATCH);
      for (const row of rows) {
        try {
          const copies = await this.copies(
            row.path,
            row.files.map((f) => f.name),
          );
          await this.files.transaction(copies, (tx, stored) => this.link(tx, kind, row.id, stored));
          imported++;
        } catch (err) {
          this.logger.warn(
            { err, kind, id: row.id, path: row.path },
            'a package created before the file store could not be copied from UPDATES_DIR here; units cannot download it until an instance that has its folder starts',
          );
        }
      }
    }
    return imported;
  }

  /** The manifest and the listed files, each opened only when the store writes it. */
  private async copies(path: string, names: string[]): Promise<NewFile[]> {
    const folder = await this.packages.folder(path);
    const prefix = `packages/${randomUUID()}`;
    return Promise.all(
      [MANIFEST, ...names].map(async (name) => {
        const file = await this.packages.file(folder, name);
        return {
          key: `${prefix}/${name}`,
          source: () => createReadStream(file.path),
          contentType: name === MANIFEST ? 'application/json' : 'application/octet-stream',
        };
      }),
    );
  }

  private async link(tx: Db, kind: PackageKind, id: number, stored: StoredFile[]): Promise<void> {
    await tx.insert(packageFiles).values(
      stored.map((s) => ({
        softwareUpdateId: kind === 'software' ? id : null,
        specUpdateId: kind === 'spec' ? id : null,
        name: fileName(s.key),
        fileKey: s.key,
      })),
    );
  }
}
