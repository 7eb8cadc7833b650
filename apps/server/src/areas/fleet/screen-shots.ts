import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { SCREENSHOT_THUMBNAIL } from '@ed/contract/constants';
import type { Db } from '../../db/client.js';
import { screenShots } from '../../db/schema.js';
import type { FileStore } from '../../shared/file-store/file-store.js';
import { HttpError, notFound } from '../../shared/http-error.js';

/** Screen shots' area in the file store: their files are `screenshots/<file name>`. */
export const screenShotKey = (fileName: string) => `screenshots/${fileName}`;

/** Keeps a unit's screen shots: the PNG and its 96×54 thumbnail in the file store, a row in the database. */
export class ScreenShotStore {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
  ) {}

  /** Stores a PNG from a unit: both files and the row in one transaction (see FileStore). */
  async save(equipmentId: number, png: Buffer): Promise<{ id: number; createdAt: string }> {
    const meta = await sharp(png)
      .metadata()
      .catch(() => null);
    if (meta?.format !== 'png') throw new HttpError(502, 'The unit sent a screen shot that is not a PNG image.');
    const thumbnail = await sharp(png)
      .resize(SCREENSHOT_THUMBNAIL.width, SCREENSHOT_THUMBNAIL.height, { fit: 'fill' })
      .png()
      .toBuffer();
    const name = randomUUID();
    const files = { image: `${name}.png`, thumb: `${name}.thumb.png` };
    const row = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await this.files.put(screenShotKey(files.image), png, tx);
      await this.files.put(screenShotKey(files.thumb), thumbnail, tx);
      const [inserted] = await tx
        .insert(screenShots)
        .values({ equipmentId, fileName: files.image, thumbFileName: files.thumb })
        .returning({ id: screenShots.id, createdAt: screenShots.createdAt });
      return inserted!;
    });
    return { id: row.id, createdAt: row.createdAt.toISOString() };
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
        thumbnail: `data:image/png;base64,${(await this.files.read(screenShotKey(row.thumbFileName))).toString('base64')}`,
        createdAt: row.createdAt.toISOString(),
      })),
    );
  }

  /** The full image, streamed from the file store. */
  async image(id: number): Promise<{ stream: Readable; size: number; fileName: string }> {
    const [row] = await this.db.select().from(screenShots).where(eq(screenShots.id, id)).limit(1);
    if (!row) throw notFound(`There is no screen shot ${id}.`);
    const { stream, size } = await this.files.open(screenShotKey(row.fileName));
    return { stream, size, fileName: `screen-shot-${id}.png` };
  }

  async delete(id: number, equipmentId?: number): Promise<void> {
    const where = equipmentId
      ? and(eq(screenShots.id, id), eq(screenShots.equipmentId, equipmentId))
      : eq(screenShots.id, id);
    const [row] = await this.db.delete(screenShots).where(where).returning();
    if (!row) throw notFound(`There is no screen shot ${id}.`);
    await this.files.remove([screenShotKey(row.fileName), screenShotKey(row.thumbFileName)]);
  }
}
