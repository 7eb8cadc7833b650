import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const LOG = fileURLToPath(new URL('../../.reports/e2e-answers.log', import.meta.url));

/** Before the run: a fresh log of checked answers (support/test.ts). After it: what was checked. */
export default function answersReport() {
  rmSync(LOG, { force: true });
  return () => {
    const checked = existsSync(LOG) ? readFileSync(LOG, 'utf8').split('\n').filter(Boolean) : [];
    console.log(
      `[answers] ${checked.length} GET answers of ${new Set(checked).size} calls checked against /openapi.json`,
    );
  };
}
