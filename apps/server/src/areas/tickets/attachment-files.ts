import { randomUUID } from 'node:crypto';
import { ATTACHMENT_THUMBNAIL_WIDTH } from '@ed/contract/constants';
import type { NewFile } from '../../shared/file-store/stored-file.js';
import { unsupportedMedia } from '../../shared/domain-error.js';
import { loadSharp } from '../../shared/image-library.js';

const FORMATS = { png: 'image/png', jpeg: 'image/jpeg' } as const;
/** A decompression bomb is refused before it is decoded (about 8K × 6K). */
const MAX_PIXELS = 50_000_000;

export interface CheckedImage {
  mimeType: (typeof FORMATS)[keyof typeof FORMATS];
  size: number;
  width: number;
  height: number;
  fileKey: string;
  thumbKey: string;
  /** The image and its thumbnail, for the file store. */
  files: [image: NewFile, thumbnail: NewFile];
}

const unsupportedImage = () =>
  unsupportedMedia('Only PNG or JPEG images can be attached; this file is neither.', 'file');

/**
 * Attachment images: the type is read from the file's bytes (never its name or declared type),
 * keys are the server's own (`attachments/<uuid>.<ext>`), and a 102 px wide thumbnail goes beside.
 */
export async function checkAttachmentImage(data: Buffer): Promise<CheckedImage> {
  const sharp = await loadSharp();
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
  const mimeType = FORMATS[format];
  const keys = { image: `attachments/${name}.${ext}`, thumb: `attachments/${name}.thumb.${ext}` };
  return {
    mimeType,
    size: data.length,
    width: meta.width,
    height: meta.height,
    fileKey: keys.image,
    thumbKey: keys.thumb,
    files: [
      { key: keys.image, source: data, contentType: mimeType },
      { key: keys.thumb, source: thumbnail, contentType: mimeType },
    ],
  };
}
