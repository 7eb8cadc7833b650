import { expect, test } from '../support/test.js';
import { AiKnowPage } from '../pages/ai-know-page.js';
import { AppShell } from '../pages/app-shell.js';
import { CameraCalPage } from '../pages/camera-cal-page.js';
import { LoginPage } from '../pages/login-page.js';
import { TrendPage } from '../pages/trend-page.js';
import { E2E } from '../support/e2e-env.js';

test.beforeEach(async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('admin', E2E.adminPassword);
  await new AppShell(page).expectSignedIn();
});

test('a camera calibration a unit uploaded shows its matrices', async ({ page }) => {
  const cal = new CameraCalPage(page);
  await cal.open();
  // Every simulated unit uploads its latest calibration when it connects.
  await cal.view('');
  const dialog = cal.dialog();
  await expect(dialog.getByText('Operator:')).toBeVisible();
  const intrinsic = cal.matrix(/Left board 0 .* intrinsic matrix/);
  await expect(intrinsic.getByRole('row')).toHaveCount(3);
  await expect(intrinsic.getByRole('row').nth(2).getByRole('cell')).toHaveText(['0', '0', '1']);
  await expect(cal.matrix(/Left board 0 .* CCS to ACS transformation/).getByRole('row')).toHaveCount(3);
  await expect(cal.matrix(/Left board 0 .* accelerometer gains/).getByRole('cell')).toHaveCount(9);
  await expect(cal.matrix(/Left board 0 .* distortion coefficients/).getByRole('cell')).toHaveCount(5);

  // The camera serial filter finds the record by its left board.
  const heading = dialog.getByRole('heading', { level: 3, name: /^Left board 0: / });
  const board = (await heading.textContent())!.split(': ')[1]!;
  await dialog.getByRole('button', { name: 'Close' }).click();
  await cal.filterByCamera(board);
  await expect(cal.grid().getByRole('row').filter({ hasText: board }).first()).toBeVisible();
  await cal.filterByCamera('NO-SUCH-CAMERA');
  await expect(
    cal.grid().getByText('No calibration has a camera whose serial number contains NO-SUCH-CAMERA.'),
  ).toBeVisible();
});

test('the assistant lists a session a simulated unit opened, with its exchanges', async ({ page }) => {
  const ai = new AiKnowPage(page);
  await ai.open();
  await ai.openChats();
  const row = await ai.firstSession();
  await row.getByRole('button', { name: /^View chat session/ }).click();
  await expect(
    ai
      .dialog()
      .getByText(/^Query: /)
      .first(),
  ).toBeVisible();
  await expect(
    ai
      .dialog()
      .getByText(/^Response: /)
      .first(),
  ).toBeVisible();
  await ai.dialog().getByRole('button', { name: 'Close' }).click();

  await page.getByRole('tab', { name: 'Statistics' }).click();
  const sessions = ai.statistics().getByText('Total sessions').locator('..');
  await expect(sessions.getByText(/^[1-9]\d*$/)).toBeVisible();
  await expect(
    ai
      .statistics()
      .getByText(/^\d+\.\d{3} s$/)
      .first(),
  ).toBeVisible();
});

test('the trend graph draws and zooms from hours to months', async ({ page }) => {
  const trend = new TrendPage(page);
  await trend.open();
  // A day is read in hourly buckets; the chart draws the average with the least and the most.
  await expect(trend.summary()).toContainText('one point per hour');
  await expect(trend.graph().getByText('Average', { exact: true })).toBeVisible();
  await expect(trend.graph().locator('svg').first()).toBeVisible();
  await trend.span('6 hours');
  await expect(trend.summary()).toContainText('one point per minute');
  await trend.span('1 week');
  await expect(trend.summary()).toContainText('one point per hour');
  await trend.span('1 year');
  await expect(trend.summary()).toContainText('one point per day');
  await trend.graph().getByRole('button', { name: 'Zoom in' }).click();
  await expect(trend.graph().getByRole('button', { name: '6 months', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
