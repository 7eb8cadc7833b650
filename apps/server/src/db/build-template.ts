// Run by `npm run build` after the compiler: writes dist/pglite-template/ (pglite-template.ts).
import { buildTemplate, PGLITE_TEMPLATE } from './pglite-template.js';

await buildTemplate();
process.stdout.write(`embedded database template: ${PGLITE_TEMPLATE}\n`);
