import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { SoftwareVersionsPage } from '../pages/software-versions-page.js';
import { UpdateSchedulerPage } from '../pages/update-scheduler-page.js';
import { contrastRatio } from '../support/contrast.js';
import { E2E } from '../support/e2e-env.js';

test.describe('reading the schedule and the scheduler activity', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', E2E.adminPassword);
    await new AppShell(page).expectSignedIn();
  });

  test('each day load reads at 4.5:1 or better, the middle one yellow with dark text', async ({ page }) => {
    // A day in each band of part 2 §9, whatever the demo fleet has scheduled.
    await page.route(/\/read\/schedule_by_day\/v1/, (route) =>
      route.fulfill({
        json: [10, 15, 21].map((count, i) => ({ _id: { year: 2031, month: 1, day: i + 2 }, count })),
      }),
    );
    const software = new SoftwareVersionsPage(page);
    await software.open();
    await page.getByRole('button', { name: 'Schedule Aligner Updates' }).click();
    for (const [day, load] of [
      ['2031-01-02', 'green'],
      ['2031-01-03', 'yellow'],
      ['2031-01-04', 'red'],
    ] as const) {
      const chip = software.dayLoad(day);
      await expect(chip).toHaveAttribute('data-load', load);
      const { fill, text } = await chip.evaluate((el) => {
        const label = el.querySelector('span') ?? el;
        return { fill: getComputedStyle(el).backgroundColor, text: getComputedStyle(label).color };
      });
      expect(contrastRatio(fill, text), `${load}: ${text} on ${fill}`).toBeGreaterThanOrEqual(4.5);
      if (load === 'yellow') {
        const [r, g, b] = fill.match(/\d+/g)!.map(Number) as [number, number, number];
        expect(r > 200 && g > 180 && b < 120, `${fill} is yellow`).toBe(true);
      }
    }
  });

  test('the activity charts label their time axis YYYY-MM-DD HH:mm, the last label whole', async ({ page }) => {
    test.setTimeout(90_000);
    const scheduler = new UpdateSchedulerPage(page);
    await scheduler.open('hourly');
    const times = scheduler.axisTimes('Totals');
    // The scheduler samples the fleet each round (15 s) and the screen re-reads every 30 s.
    await expect(times.first()).toBeVisible({ timeout: 60_000 });
    await expect(
      scheduler
        .chart('Totals')
        .locator('text')
        .filter({ hasText: /\d+\/\d+\/\d{4}/ }),
    ).toHaveCount(0);
    const chart = await scheduler
      .chart('Totals')
      .getByRole('img', { name: /^Totals, latest/ })
      .boundingBox();
    const last = await times.last().boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(chart!.x + chart!.width);

    const deltas = scheduler.chart('Deltas');
    await expect(
      deltas.getByText(/^Raw values, not deltas: Updated to Current Software, Auto Stage Slots Used\./),
    ).toBeVisible();
  });
});
