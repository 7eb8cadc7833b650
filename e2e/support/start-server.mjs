// Starts the built server for the end-to-end run on a fresh DATA_DIR (embedded PGlite, demo accounts).
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set');
rmSync(dataDir, { recursive: true, force: true });
await import('../../apps/server/dist/main.js');
