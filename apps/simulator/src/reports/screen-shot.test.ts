import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Prng } from '../prng.js';
import { bitmapTextPath } from './bitmap-font.js';
import { SCREEN, renderScreenShot, type ScreenContent } from './screen-shot.js';
import { systemFontAvailable } from './svg-text.js';

const content: ScreenContent = {
  title: 'Alineo V3300 Aligner',
  serialNumber: 'V33CQ0123',
  version: '5.1.2',
  specs: '2025-Q2',
  targetType: 'AT200',
  procedure: 'Alignment',
  alignmentCount: 1234,
  now: new Date('2025-06-02T09:30:12Z'),
};

/** The strip under the title bar, where the serial number is printed, as raw grey pixels. */
async function header(png: Buffer): Promise<Buffer> {
  return sharp(png).extract({ left: 0, top: 64, width: 400, height: 40 }).greyscale().raw().toBuffer();
}

describe('screen shot', () => {
  it.each(['font', 'bitmap'] as const)('is a real %s-text PNG of the screen size', async (mode) => {
    const png = await renderScreenShot(content, new Prng(1), mode);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: SCREEN.width, height: SCREEN.height });
  });

  it.each(['font', 'bitmap'] as const)('shows the serial number (%s text)', async (mode) => {
    const one = await header(await renderScreenShot(content, new Prng(1), mode));
    const other = await header(await renderScreenShot({ ...content, serialNumber: 'V33CQ0124' }, new Prng(1), mode));
    expect(one.equals(other)).toBe(false);
  });

  it('finds a system font on this machine or falls back, without failing', async () => {
    expect(typeof (await systemFontAvailable())).toBe('boolean');
  });

  it('draws bitmap glyphs as pixel squares', () => {
    expect(bitmapTextPath('1', 0, 0, 2).match(/M/g)).toHaveLength(10);
    expect(bitmapTextPath(' ', 0, 0, 2)).toBe('');
  });
});
