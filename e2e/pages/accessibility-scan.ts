import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What fails a screen: what blocks or seriously hinders someone using assistive technology. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until every transition that ends has ended (a dialog fading in), so colours are read as they
 * end up. Endless ones (a pulsing status) are left alone; one cancelled on the way counts as ended.
 */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe-core on the page as it is (every rule, frames included) and fails on any serious or
 * critical violation, naming each rule, its help and the elements at fault.
 */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.html.slice(0, 160)}`).join('\n'),
  );
  expect(report, `${screen}: serious or critical accessibility violations`).toEqual([]);
}
