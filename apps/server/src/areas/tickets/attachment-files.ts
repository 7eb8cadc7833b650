import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { ATTACHMENT_THUMBNAIL_WIDTH } from '@ed/contract/constants';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../shared/file-store/file-store.js';
import { HttpError } from '../../shared/http-error.js';

/** Attachments' area in the file store: their files are `attachments/<file name>`. */
const attachmentKey = (fileName: string) => `attachments/${fileName}`;

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

/** An image checked and thumbnailed, ready to be stored with its attachment row. */
export interface PreparedImage extends StoredImage {
  data: Buffer;
  thumbnail: Buffer;
}

/**
 * Attachment files in the file store: the type is read from the file's bytes (never its name or
 * declared type), names are the server's own, and a 102 px wide thumbnail is kept beside.
 */
export class AttachmentFiles {
  constructor(private readonly files: FileStore) {}

  /** Checks the image and makes its thumbnail, before any transaction is opened. */
  async prepare(data: Buffer): Promise<PreparedImage> {
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
    const name = randomUUID();
    const ext = format === 'png' ? 'png' : 'jpg';
    const files = { image: `${name}.${ext}`, thumb: `${name}.thumb.${ext}` };
    return {
      data,
      thumbnail,
      mimeType: FORMATS[format],
      size: data.length,
      width: meta.width,
      height: meta.height,
      fileName: files.image,
      thumbFileName: files.thumb,
    };
  }

  /** Writes the image and its thumbnail in the transaction that inserts their row. */
  async store(image: PreparedImage, tx: Db): Promise<StoredImage> {
    await this.files.put(attachmentKey(image.fileName), image.data, tx);
    await this.files.put(attachmentKey(image.thumbFileName), image.thumbnail, tx);
    const { data: _data, thumbnail: _thumbnail, ...stored } = image;
    return stored;
  }

  read(fileName: string): Promise<Buffer> {
    return this.files.read(attachmentKey(fileName));
  }

  open(fileName: string): Promise<{ stream: Readable; size: number }> {
    return this.files.open(attachmentKey(fileName));
  }
}
