import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAppRoute } from '@ed/contract/web-routes';
import type { RouteMethods } from '../shared/route-methods.js';
import { errorBody } from './errors.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** A browser's navigation asks for text/html first; fetch and API clients ask for JSON or anything. */
const acceptsHtml = (accept: string | undefined) => accept?.split(',')[0]?.trim().startsWith('text/html') ?? false;

/**
 * Serves the built web app. The routes of the app's route table answer with its index page
 * (history mode); any other unknown path is a 404: the index page, which says "Page not found",
 * for a browser, and JSON for anyone else.
 */
async function webAppPlugin(app: FastifyInstance, options: { routeMethods?: RouteMethods }) {
  const root = path.resolve(app.config.WEB_DIST ?? DEFAULT_WEB_DIST);
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      // One route for every asset: listing hundreds of files (and their .br and .gz) at boot cost a tenth of a second.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/precompress-plugin.ts).
      preCompressed: true,
      setHeaders: (res, file) => {
        // Vite fingerprints assets, so they can be cached for good; the index page must not be.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The wildcard route would take "/" for the root directory, which it refuses (403) without
    // an index: the home page is the app's index like every other route of it.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  } else {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve the console');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && isAppRoute(pathname)) {
      if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.code(404).send(errorBody(404, 'The web app has not been built. Run `npm run build`.'));
    }
    // A person who mistyped an address gets the app's own "Page not found"; API clients get JSON.
    if (built && (request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request.headers.accept)) {
      return reply.code(404).header('cache-control', 'no-cache').sendFile('index.html');
    }
    const allowed = options.routeMethods?.allowed(pathname) ?? [];
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(errorBody(405, `${pathname} answers ${allowed.join(', ')}, not ${request.method}.`));
    }
    return reply.code(404).send(errorBody(404, `There is no route ${request.method} ${pathname}.`));
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
