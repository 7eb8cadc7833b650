import { appendFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Response } from '@playwright/test';
import { answerChecker, type OpenApiDocument } from '../../apps/server/test/support/openapi-answers.js';
import { baseURL } from './e2e-env.js';

const REPORTS = fileURLToPath(new URL('../../.reports/', import.meta.url));

/** `/read/ticket/v1` for a document path, or `/device/v1/packages/{updateId}/{file}` as a pattern. */
function pathMatcher(doc: OpenApiDocument) {
  const patterns = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  return (pathname: string) => patterns.find(({ pattern }) => pattern.test(pathname))?.template;
}

interface Checker {
  check: ReturnType<typeof answerChecker>;
  templateOf: (pathname: string) => string | undefined;
}

/**
 * Every test's page is watched: each JSON answer to a GET the console makes is checked against
 * the schema /openapi.json gives it, as an integrator's generated client would check it. A test
 * fails when an answer the user saw does not match its description.
 */
export const test = base.extend<{ answersMatchTheDocument: undefined }, { openApi: Checker }>({
  openApi: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL });
      const answer = await request.get('/openapi.json');
      if (!answer.ok()) throw new Error(`/openapi.json answered ${answer.status()}: ${await answer.text()}`);
      const doc = (await answer.json()) as OpenApiDocument;
      await request.dispose();
      await use({ check: answerChecker(doc), templateOf: pathMatcher(doc) });
    },
    { scope: 'worker' },
  ],
  answersMatchTheDocument: [
    async ({ context, openApi }, use, testInfo) => {
      const pending: Promise<void>[] = [];
      const mismatches: string[] = [];
      const checked: string[] = [];
      const inspect = async (response: Response) => {
        const url = new URL(response.url());
        if (url.origin !== baseURL || response.request().method() !== 'GET' || response.status() !== 200) return;
        if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
        const template = openApi.templateOf(url.pathname);
        if (!template) return;
        // A page that moved on no longer has the body: nothing to check.
        const body: unknown = await response.json().catch(() => undefined);
        if (body === undefined) return;
        checked.push(template);
        const problems = openApi.check(template, 'GET', 200, 'application/json', body);
        if (problems.length > 0) mismatches.push(`${url.pathname}${url.search}: ${problems.join('; ')}`);
      };
      context.on('response', (response) => pending.push(inspect(response)));
      await use(undefined);
      await Promise.all(pending);
      mkdirSync(REPORTS, { recursive: true });
      if (checked.length > 0) appendFileSync(`${REPORTS}e2e-answers.log`, `${checked.join('\n')}\n`);
      expect(mismatches, `GET answers of "${testInfo.title}" that /openapi.json does not describe`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
