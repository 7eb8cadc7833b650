import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { expectNoSeriousViolations } from '../pages/accessibility-scan.js';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentDetail } from '../pages/equipment-detail.js';
import { EquipmentPage } from '../pages/equipment-page.js';
import { LoginPage } from '../pages/login-page.js';
import { E2E } from '../support/e2e-env.js';

/** One screen as a user reaches it: its address, then what to click, and what shows once it is there. */
interface View {
  name: string;
  path: string;
  /** Clicks to reach the view from the address (a tab, a dialog). */
  reach?: (page: Page) => Promise<void>;
  ready: (page: Page) => Locator;
}

const heading = (name: string) => (page: Page) => page.getByRole('heading', { level: 1, name, exact: true });
const grid = (name: string) => (page: Page) => page.getByRole('grid', { name }).getByRole('row').nth(1);
const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
};

/** Every route of the app's router, with the tabs each screen has. */
const SIGNED_IN: View[] = [
  { name: 'Dashboard', path: '/', ready: (p) => p.getByRole('region', { name: 'Support Tickets' }) },
  { name: 'Equipment', path: '/Aligners', ready: grid('Equipment') },
  {
    name: 'Equipment: a failure notice',
    path: '/Aligners',
    reach: async (p) => {
      await p.getByRole('textbox', { name: 'Serial number search' }).fill('zzz99999');
      await p.getByRole('textbox', { name: 'Serial number search' }).press('Enter');
    },
    ready: (p) => p.getByRole('alert').filter({ hasText: 'Serial number ZZZ99999 not found.' }),
  },
  { name: 'My Radar', path: '/Radar', ready: heading('My Radar') },
  { name: 'Support Tickets', path: '/SupportTickets', ready: (p) => p.getByRole('grid', { name: 'Support tickets' }) },
  {
    name: 'Camera Calibrations',
    path: '/CameraCal',
    ready: (p) => p.getByRole('grid', { name: 'Camera calibrations' }),
  },
  { name: 'Software Updates', path: '/SoftwareUpdates', ready: (p) => p.getByRole('heading', { name: /^Latest:/ }) },
  {
    name: 'Software Updates: Schedule Aligner Updates',
    path: '/SoftwareUpdates',
    reach: (p) => p.getByRole('button', { name: 'Schedule Aligner Updates' }).click(),
    ready: (p) => p.getByRole('dialog', { name: /^Schedule Aligner Updates/ }),
  },
  { name: 'Spec Updates: Statistics', path: '/SpecUpdates', ready: heading('Spec Updates') },
  {
    name: 'Spec Updates: Spec Releases',
    path: '/SpecUpdates',
    reach: tab('Spec Releases'),
    ready: (p) => p.getByRole('grid', { name: 'Spec releases' }),
  },
  { name: 'Update Scheduler', path: '/UpdateScheduler', ready: grid('Update scheduler units') },
  {
    name: 'Update Scheduler: Hourly Activity',
    path: '/UpdateScheduler',
    reach: tab('Hourly Activity'),
    ready: (p) => p.getByText(/^Average slot age:/),
  },
  { name: 'Rollouts', path: '/Rollouts', ready: (p) => p.getByRole('button', { name: 'New rollout' }) },
  {
    name: 'Rollouts: New rollout',
    path: '/Rollouts/new?family=aligner&version=5.2.0',
    ready: (p) => p.getByRole('dialog', { name: 'New rollout' }).getByRole('radio', { name: 'A saved view' }),
  },
  {
    name: 'Trend Chart',
    path: '/TrendChart',
    ready: (p) =>
      p.frameLocator('iframe[title="Connected equipment trend"]').getByText(/one point per (minute|hour|day)/),
  },
  { name: 'Graph (embedded)', path: '/graph', ready: (p) => p.getByText(/one point per (minute|hour|day)/) },
  { name: 'EZ ADAS: Fixtures', path: '/Easy', ready: (p) => p.getByRole('grid', { name: 'Fixtures' }) },
  {
    name: 'EZ ADAS: Targets',
    path: '/Easy',
    reach: tab('Targets'),
    ready: (p) => p.getByRole('grid', { name: 'Targets' }),
  },
  { name: 'Notifications', path: '/Notifications', ready: (p) => p.getByRole('grid', { name: 'Notifications' }) },
  { name: 'Tru-Point: Active', path: '/TruPoint', ready: (p) => p.getByRole('grid', { name: 'Active pairings' }) },
  {
    name: 'Tru-Point: Vendors',
    path: '/TruPoint',
    reach: tab('Vendors'),
    ready: (p) => p.getByRole('button', { name: 'Add Vendor' }),
  },
  { name: 'Messaging', path: '/Messaging', ready: (p) => p.getByRole('grid', { name: 'My Drafts' }) },
  { name: 'AI Assistant: Statistics', path: '/AIKnow', ready: (p) => p.getByLabel('Assistant statistics') },
  {
    name: 'AI Assistant: Chats',
    path: '/AIKnow',
    reach: tab('Chats'),
    ready: (p) => p.getByRole('grid', { name: 'Chat sessions' }),
  },
  { name: 'Users', path: '/Users', ready: grid('Users') },
  {
    name: 'Users: Create New User',
    path: '/Users',
    reach: (p) => p.getByRole('button', { name: 'Create New User' }).click(),
    ready: (p) => p.getByRole('dialog', { name: 'Create New User' }),
  },
  { name: 'Audits', path: '/Audits', ready: (p) => p.getByRole('grid', { name: 'Audit log' }) },
  { name: 'Unit Claims', path: '/UnitClaims', ready: (p) => p.getByRole('grid', { name: 'Unit Claims' }) },
  { name: 'Webhooks', path: '/Webhooks', ready: (p) => p.getByRole('grid', { name: 'Webhook Deliveries' }) },
  {
    name: 'Webhooks: Add Webhook Endpoint',
    path: '/Webhooks',
    reach: (p) => p.getByRole('button', { name: 'Add Endpoint' }).click(),
    ready: (p) => p.getByRole('dialog', { name: 'Add Webhook Endpoint' }),
  },
  {
    name: 'Fleet Map',
    path: '/FleetMap',
    ready: (p) => p.getByRole('table', { name: 'Units per country' }).getByRole('rowheader').first(),
  },
  { name: 'Alarms', path: '/Alarms', ready: (p) => p.getByRole('grid', { name: 'Alarms' }) },
  { name: 'Alarms: Rules', path: '/Alarms?tab=rules', ready: (p) => p.getByRole('grid', { name: 'Alarm Rules' }) },
  {
    name: 'Alarms: New Alarm Rule',
    path: '/Alarms?tab=rules',
    reach: (p) => p.getByRole('button', { name: 'New rule' }).click(),
    ready: (p) => p.getByRole('dialog', { name: 'New Alarm Rule' }),
  },
  { name: 'A path outside the route table', path: '/no-such-screen', ready: heading('Page not found') },
];

const SIGNED_OUT: View[] = [
  { name: 'Login', path: '/login', ready: (p) => p.getByText('You need to sign in...') },
  {
    name: 'Request password reset',
    path: '/request_password_reset',
    ready: (p) => p.getByRole('button', { name: 'REQUEST RESET' }),
  },
  {
    name: 'Set new password',
    path: '/reset_password?token=x',
    ready: (p) => p.getByRole('button', { name: 'SET PASSWORD' }),
  },
];

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('admin', E2E.adminPassword);
  await new AppShell(page).expectSignedIn();
}

async function scan(page: Page, view: View) {
  await page.goto(view.path);
  await view.reach?.(page);
  await expect(view.ready(page)).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expectNoSeriousViolations(page, view.name);
}

test.describe('accessibility: no serious or critical axe violation', () => {
  test.describe('signed out', () => {
    for (const view of SIGNED_OUT) test(view.name, async ({ page }) => scan(page, view));
  });

  test.describe('signed in as admin', () => {
    test.beforeEach(async ({ page }) => signIn(page));

    for (const view of SIGNED_IN) test(view.name, async ({ page }) => scan(page, view));

    test('Equipment detail dialog', async ({ page }) => {
      const list = new EquipmentPage(page);
      await list.open();
      const detail = new EquipmentDetail(page, await list.firstSerial());
      await detail.open();
      await expectNoSeriousViolations(page, 'Equipment detail');
    });

    test('every entry of the menu is scanned above', async ({ page }) => {
      const scanned = new Set(SIGNED_IN.map((v) => v.path));
      const links = await new AppShell(page).menu().getByRole('link').all();
      const paths = await Promise.all(links.map((link) => link.getAttribute('href')));
      expect(paths.length).toBeGreaterThan(10);
      expect(paths.filter((path) => !scanned.has(path ?? ''))).toEqual([]);
    });
  });
});
