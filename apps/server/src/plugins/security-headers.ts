import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.js';

/**
 * Browser features the console never uses, switched off for it and anything it might embed, so
 * injected script could not reach them either. Only names Chromium knows: an unknown one is
 * reported as an error in the console.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const ONE_YEAR_SECONDS = 365 * 24 * 3600;
const JSON_TYPE = /^application\/(json|problem\+json)(;|$)/;

/** The origin of an absolute AI_URL (the assistant run as a service of its own), which the web app calls. */
function assistantOrigin(aiUrl: string): string | undefined {
  if (!/^https?:\/\//i.test(aiUrl)) return undefined;
  try {
    return new URL(aiUrl).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of the console. Scripts come only from the server's own files
 * (Vite emits no inline script, and the web app runs zod without `new Function`). Styles also
 * allow 'unsafe-inline': MUI's emotion writes <style> elements at run time, and a nonce would
 * mean rewriting index.html per request instead of serving it precompressed; a style cannot run
 * code, and every other way out (scripts, frames, objects, forms, base) stays closed.
 */
function contentSecurityPolicy(config: Pick<Config, 'PUBLIC_URL' | 'AI_URL'>) {
  const https = config.PUBLIC_URL.startsWith('https://');
  const assistant = assistantOrigin(config.AI_URL);
  return {
    useDefaults: false as const,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Screen shots and ticket images are shown from blob: URLs; Vite inlines small assets as data:.
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(assistant ? [assistant] : [])],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      // Over plain HTTP (a LAN address) upgrading would break every asset: only behind HTTPS.
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * Security headers on every answer (@fastify/helmet): CSP, HSTS when PUBLIC_URL is https,
 * nosniff, frame and referrer policies, and Permissions-Policy. JSON answers that set no
 * Cache-Control of their own get `no-store`: they are a signed-in user's data (or a token, an
 * error), never for a browser's or a proxy's cache. Files keep theirs: the web app's
 * fingerprinted assets stay immutable, its index page no-cache.
 */
async function securityHeadersPlugin(app: FastifyInstance) {
  const https = app.config.PUBLIC_URL.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(app.config),
    // Only a browser that reached the console over HTTPS may be told to insist on it.
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
  app.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && JSON_TYPE.test(type) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
