import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { SCREENSHOT_THUMBNAIL } from '@ed/contract/constants';
import type { Db } from '../../db/client.js';
import { screenShots } from '../../db/schema.js';
import { HttpError, notFound } from '../../shared/http-error.js';
import { removeFiles, writeAtomically } from '../../shared/atomic-file.js';

/** Keeps a unit's screen shots: the PNG and its 96×54 thumbnail under DATA_DIR, a row in the database. */
export class ScreenShotStore {
  constructor(
    private readonly db: Db,
    private readonly dir: string,
  ) {}

  /** Stores a PNG from a unit; the file is written before the row, and removed if the row fails. */
  async save(equipmentId: number, png: Buffer): Promise<{ id: number; createdAt: string }> {
    const meta = await sharp(png)
      .metadata()
      .catch(() => null);
    if (meta?.format !== 'png') throw new HttpError(502, 'The unit sent a screen shot that is not a PNG image.');
    const thumbnail = await sharp(png)
      .resize(SCREENSHOT_THUMBNAIL.width, SCREENSHOT_THUMBNAIL.height, { fit: 'fill' })
      .png()
      .toBuffer();
    await mkdir(this.dir, { recursive: true });
    const name = randomUUID();
    const files = { image: `${name}.png`, thumb: `${name}.thumb.png` };
    try {
      await writeAtomically(this.dir, files.image, png);
      await writeAtomically(this.dir, files.thumb, thumbnail);
      const [row] = await this.db
        .insert(screenShots)
        .values({ equipmentId, fileName: files.image, thumbFileName: files.thumb })
        .returning({ id: screenShots.id, createdAt: screenShots.createdAt });
      return { id: row!.id, createdAt: row!.createdAt.toISOString() };
    } catch (err) {
      await removeFiles(this.dir, [files.image, files.thumb]);
      throw err;
    }
  }

  /** Newest first, each with its thumbnail inline (a few KB), so the list needs one call. */
  async list(equipmentId: number, limit = 100) {
    const rows = await this.db
      .select()
      .from(screenShots)
      .where(eq(screenShots.equipmentId, equipmentId))
      .orderBy(desc(screenShots.createdAt), desc(screenShots.id))
      .limit(limit);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        image: `/api/v1/get_screen_shot?id=${row.id}`,
        thumbnail: `data:image/png;base64,${(await this.readFile(row.thumbFileName)).toString('base64')}`,
        createdAt: row.createdAt.toISOString(),
      })),
    );
  }

  async image(id: number): Promise<{ data: Buffer; fileName: string }> {
    const [row] = await this.db.select().from(screenShots).where(eq(screenShots.id, id)).limit(1);
    if (!row) throw notFound(`There is no screen shot ${id}.`);
    return { data: await this.readFile(row.fileName), fileName: `screen-shot-${id}.png` };
  }

  async delete(id: number, equipmentId?: number): Promise<void> {
    const where = equipmentId
      ? and(eq(screenShots.id, id), eq(screenShots.equipmentId, equipmentId))
      : eq(screenShots.id, id);
    const [row] = await this.db.delete(screenShots).where(where).returning();
    if (!row) throw notFound(`There is no screen shot ${id}.`);
    await removeFiles(this.dir, [row.fileName, row.thumbFileName]);
  }

  private readFile(file: string): Promise<Buffer> {
    return readFile(path.join(this.dir, path.basename(file)));
  }
}
