import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ATTACHMENT_THUMBNAIL_WIDTH } from '@ed/contract/constants';
import { HttpError } from '../../shared/http-error.js';
import { removeFiles, writeAtomically } from '../../shared/atomic-file.js';

const FORMATS = { png: 'image/png', jpeg: 'image/jpeg' } as const;
/** A decompression bomb is refused before it is decoded (about 8K × 6K). */
const MAX_PIXELS = 50_000_000;

export interface StoredImage {
  mimeType: (typeof FORMATS)[keyof typeof FORMATS];
  size: number;
  width: number;
  height: number;
  fileName: string;
  thumbFileName: string;
}

export const unsupportedImage = () =>
  new HttpError(415, 'Only PNG or JPEG images can be attached; this file is neither.', 'file');

/**
 * Attachment files under DATA_DIR/attachments: the type is read from the file's bytes (never its
 * name or declared type), names are the server's own, and a 102 px wide thumbnail is kept beside.
 */
export class AttachmentFiles {
  constructor(readonly dir: string) {}

  /** Checks and writes the image and its thumbnail; the caller removes them if its row fails. */
  async store(data: Buffer): Promise<StoredImage> {
    const meta = await sharp(data, { limitInputPixels: MAX_PIXELS })
      .metadata()
      .catch(() => null);
    const format = meta?.format;
    if (!meta || (format !== 'png' && format !== 'jpeg') || !meta.width || !meta.height) throw unsupportedImage();
    const thumbnail = await sharp(data, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: ATTACHMENT_THUMBNAIL_WIDTH })
      .toFormat(format)
      .toBuffer()
      .catch(() => {
        throw unsupportedImage();
      });
    await mkdir(this.dir, { recursive: true });
    const name = randomUUID();
    const ext = format === 'png' ? 'png' : 'jpg';
    const files = { image: `${name}.${ext}`, thumb: `${name}.thumb.${ext}` };
    try {
      await writeAtomically(this.dir, files.image, data);
      await writeAtomically(this.dir, files.thumb, thumbnail);
    } catch (err) {
      await this.remove([files.image, files.thumb]);
      throw err;
    }
    return {
      mimeType: FORMATS[format],
      size: data.length,
      width: meta.width,
      height: meta.height,
      fileName: files.image,
      thumbFileName: files.thumb,
    };
  }

  read(file: string): Promise<Buffer> {
    return readFile(path.join(this.dir, path.basename(file)));
  }

  remove(files: string[]): Promise<void> {
    return removeFiles(this.dir, files);
  }
}
