import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { SCREENSHOT_THUMBNAIL } from '@ed/contract/constants';
import type { Db } from '../../../db/client.js';
import { returnedRow } from '../../../db/rows.js';
import { screenShots } from '../../../db/schema.js';
import type { FileStore } from '../../../shared/file-store/file-store.js';
import { notFound, tooLarge, unitFailed } from '../../../shared/domain-error.js';
import { loadSharp } from '../../../shared/image-library.js';

/**
 * The most pixels a unit's screen shot may have: 4096 × 4096, room for two 4K screens side by side.
 * Decoding is what costs (a 16000 × 16000 PNG of a few KB decodes to a gigabyte), so the size is
 * read from the header and anything larger is refused before a pixel is decoded.
 */
export const SCREENSHOT_MAX_PIXELS = 4096 * 4096;

/** Keeps a unit's screen shots: the PNG and its 96×54 thumbnail in the file store, a row in the database. */
export class ScreenShotStore {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
  ) {}

  /** Stores a PNG from a unit; the files and the row commit together. */
  async save(equipmentId: number, png: Buffer): Promise<{ id: number; createdAt: string }> {
    const sharp = await loadSharp();
    // metadata() reads the header (PNG: its IHDR) and decodes nothing.
    const meta = await sharp(png)
      .metadata()
      .catch(() => null);
    if (meta?.format !== 'png') throw unitFailed('The unit sent a screen shot that is not a PNG image.');
    if (meta.width * meta.height > SCREENSHOT_MAX_PIXELS) {
      throw tooLarge(
        `The unit sent a screen shot of ${meta.width} × ${meta.height} pixels; a screen shot may have at most ` +
          `${SCREENSHOT_MAX_PIXELS.toLocaleString('en')} pixels (4096 × 4096).`,
      );
    }
    // The same bound again where it decodes, should a header and its data disagree.
    const thumbnail = await sharp(png, { limitInputPixels: SCREENSHOT_MAX_PIXELS })
      .resize(SCREENSHOT_THUMBNAIL.width, SCREENSHOT_THUMBNAIL.height, { fit: 'fill' })
      .png()
      .toBuffer();
    const name = randomUUID();
    const keys = { image: `screenshots/${name}.png`, thumb: `screenshots/${name}.thumb.png` };
    const row = await this.files.transaction(
      [
        { key: keys.image, source: png, contentType: 'image/png' },
        { key: keys.thumb, source: thumbnail, contentType: 'image/png' },
      ],
      async (tx) => {
        const inserted = await tx
          .insert(screenShots)
          .values({ equipmentId, imageKey: keys.image, thumbKey: keys.thumb })
          .returning({ id: screenShots.id, createdAt: screenShots.createdAt });
        return returnedRow(inserted);
      },
    );
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
    const thumbnails = await this.files.readSmall(rows.map((r) => r.thumbKey));
    return rows.map((row) => ({
      id: row.id,
      image: `/api/v1/get_screen_shot?id=${row.id}`,
      thumbnail: `data:image/png;base64,${(thumbnails.get(row.thumbKey) ?? Buffer.alloc(0)).toString('base64')}`,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** The image's key in the file store and the name a download gets. */
  async image(id: number): Promise<{ key: string; fileName: string }> {
    const [row] = await this.db.select().from(screenShots).where(eq(screenShots.id, id)).limit(1);
    if (!row) throw notFound(`There is no screen shot ${id}.`);
    return { key: row.imageKey, fileName: `screen-shot-${id}.png` };
  }

  async delete(id: number, equipmentId?: number): Promise<void> {
    const where = equipmentId
      ? and(eq(screenShots.id, id), eq(screenShots.equipmentId, equipmentId))
      : eq(screenShots.id, id);
    await this.files.transaction([], async (tx, _stored, files) => {
      const [row] = await tx.delete(screenShots).where(where).returning();
      if (!row) throw notFound(`There is no screen shot ${id}.`);
      await files.remove([row.imageKey, row.thumbKey]);
    });
  }
}
