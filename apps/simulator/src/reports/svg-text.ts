import sharp from 'sharp';
import { GLYPH_HEIGHT, bitmapTextPath, bitmapTextWidth } from './bitmap-font.js';

export type TextAnchor = 'start' | 'middle' | 'end';

/** Draws one line of text into an SVG at baseline y; the two kinds differ only in how glyphs are made. */
export type SvgText = (x: number, y: number, size: number, text: string, fill: string, anchor?: TextAnchor) => string;

const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** Text through librsvg and the system's fonts. */
export const fontText: SvgText = (x, y, size, text, fill, anchor = 'start') =>
  `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}" fill="${fill}" text-anchor="${anchor}">${escapeXml(text)}</text>`;

/** Text as pixel squares of the built-in font: looks plainer, needs no font at all. */
export const bitmapText: SvgText = (x, y, size, text, fill, anchor = 'start') => {
  const scale = Math.max(1, Math.round((size * 0.72) / GLYPH_HEIGHT));
  const width = bitmapTextWidth(text, scale);
  const left = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  return `<path fill="${fill}" d="${bitmapTextPath(text, Math.round(left), y - GLYPH_HEIGHT * scale, scale)}"/>`;
};

/** Horizontal extent of the light pixels of a rendered line, 0 when nothing was drawn. */
async function inkWidth(text: string): Promise<number> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><rect width="400" height="60" fill="#000"/>` +
    `${fontText(10, 45, 40, text, '#fff')}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  let min = info.width;
  let max = -1;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data.readUInt8(i) > 128) {
      const x = (i / info.channels) % info.width;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
  }
  return max < 0 ? 0 : max - min + 1;
}

let probe: Promise<boolean> | null = null;

/**
 * Whether librsvg finds a real font here. Without one it draws nothing, or the same box for every
 * glyph, so "WWWW" would come out no wider than "iiii"; with a proportional font it is far wider.
 */
export function systemFontAvailable(): Promise<boolean> {
  probe ??= Promise.all([inkWidth('WWWW'), inkWidth('iiii')]).then(
    ([wide, narrow]) => narrow > 0 && wide > narrow * 1.5,
    () => false,
  );
  return probe;
}
