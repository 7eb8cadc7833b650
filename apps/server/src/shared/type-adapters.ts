import type { AedesMemoryPersistence } from 'aedes-persistence';
import type { onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';

/**
 * The one place where a library's published types are corrected to what it does at runtime.
 * Every other file in src/ is free of double casts through `unknown`; a conversion that no typed
 * means can express lives here, with why it is sound.
 */

/**
 * The default import of a CommonJS package whose types say `export default x` while its code
 * sets `module.exports = x` (aedes-persistence). Under NodeNext, importing CommonJS from ESM
 * binds the default import to `module.exports`, which TypeScript takes to be the package's whole
 * declared module, `x` one level down as its `default`; at runtime that `default` is undefined
 * and the import is `x` itself. Sound for such packages only, which is why it takes the module
 * rather than any value: pass the default import of one.
 */
export function commonJsDefault<Module extends { default: unknown }>(module: Module): Module['default'] {
  return module as unknown as Module['default'];
}

type StoreRetained = AedesMemoryPersistence['storeRetained'];

/**
 * A persistence's `storeRetained` as aedes 1.x calls it: without a callback, awaiting the promise
 * it returns (`persistence.storeRetained(packet).then(…)` in aedes.js). aedes-persistence's types
 * still declare the callback form, where a function that returns a promise would look like one
 * whose promise nobody waits for.
 */
export function awaitedStoreRetained(store: (packet: Parameters<StoreRetained>[0]) => Promise<void>): StoreRetained {
  return store as StoreRetained;
}

/**
 * An async onRequest hook for @fastify/swagger-ui's `uiHooks`. The plugin sets them on its routes
 * as given, where Fastify awaits an async hook as on any route; its types list the callback form only.
 */
export function asyncUiHook(hook: onRequestAsyncHookHandler): onRequestHookHandler {
  return hook as onRequestHookHandler;
}

/**
 * A test's stand-in for a library object (a pool client, a request, the broker's internals),
 * which implements only what the code under test uses, or a wrong value a test sends on purpose
 * (a string where a number belongs). Sound as far as the test goes: a member the code would use
 * and the stand-in lacks fails the test at once. Only tests call it.
 */
// The caller names the type the stand-in is for: T is the whole point of the call.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function testDouble<T>(standIn: unknown): T {
  return standIn as unknown as T;
}
