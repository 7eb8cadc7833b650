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
