import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorBody } from './errors.js';
import { loadSharp } from '../shared/image-library.js';

const require = createRequire(import.meta.url);
const FLAG_WIDTH = 32;
const paramsSchema = z.object({ file: z.string().regex(/^[a-z]{2}\.png$/i, 'a flag is a two-letter country code') });

/**
 * /flags/{cc}.png (part 1 §9): the flag-icons set ships SVGs; each is rendered to a small PNG
 * once and kept (about 270 flags of a few hundred bytes).
 */
async function flagsPlugin(app: FastifyInstance) {
  const cache = new Map<string, Buffer>();
  const render = async (code: string): Promise<Buffer | null> => {
    const cached = cache.get(code);
    if (cached) return cached;
    let svg: Buffer;
    try {
      svg = await readFile(require.resolve(`flag-icons/flags/4x3/${code}.svg`));
    } catch {
      return null;
    }
    const sharp = await loadSharp();
    const png = await sharp(svg, { density: 96 }).resize({ width: FLAG_WIDTH }).png().toBuffer();
    cache.set(code, png);
    return png;
  };

  app.get('/flags/:file', { schema: { hide: true, params: paramsSchema } }, async (request, reply) => {
    const { file } = request.params as z.infer<typeof paramsSchema>;
    const code = file.slice(0, 2).toLowerCase();
    const png = await render(code);
    if (!png) return reply.code(404).send(errorBody(404, `There is no flag for ${code.toUpperCase()}.`));
    return reply.type('image/png').header('cache-control', 'public, max-age=604800').send(png);
  });
}

export default fp(flagsPlugin, { name: 'flags' });
