import { installPlainZodMessages } from '@ed/contract/zod-messages';

/**
 * Imported first by main.tsx, before zod builds any schema. zod compiles object parsers with
 * `new Function` when it may, and finds out whether it may by trying: under the server's
 * Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported as a violation.
 * Jitless, it parses as it does anyway where eval is refused.
 *
 * zod keeps its settings in `globalThis.__zod_globalConfig` (shared by every copy of zod on the
 * page) and reads `jitless` as each object schema is built. Setting it there costs the sign-in
 * page nothing; importing zod's `config()` here would bring zod's core (3.7 KB gzipped) into a
 * page that has no schema. e2e/tests/content-security-policy.spec.ts fails if zod probes again.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
// The same holder carries the sentences forms show instead of zod's wording ("At most 512 characters.").
installPlainZodMessages();

export {};
