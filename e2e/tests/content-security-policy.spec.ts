import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { E2E } from '../support/e2e-env.js';

/**
 * The built console under the server's Content-Security-Policy: signing in and opening screens
 * that draw charts, grids, dialogs and images raises no violation. A violation is caught both
 * ways the browser reports it: the page's `securitypolicyviolation` event and the console error.
 */

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Collects the page's CSP violations (and console errors about CSP or Permissions-Policy). */
async function watchViolations(page: Page) {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction('reportViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (v: unknown) => void }).reportViolation;
      report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy|Permissions-Policy/i.test(text)) {
      consoleErrors.push(text);
    }
  });
  return { violations, consoleErrors };
}

/** Screens with charts, data grids, an embedded frame and flag images: what a console draws. */
const SCREENS: { path: string; ready: (page: Page) => Locator }[] = [
  { path: '/', ready: (p) => p.getByRole('region', { name: 'Support Tickets' }) },
  { path: '/Aligners', ready: (p) => p.getByRole('grid', { name: 'Equipment' }).getByRole('row').nth(1) },
  {
    path: '/TrendChart',
    ready: (p) =>
      p.frameLocator('iframe[title="Connected equipment trend"]').getByText(/one point per (minute|hour|day)/),
  },
  { path: '/UpdateScheduler', ready: (p) => p.getByRole('grid', { name: 'Update scheduler units' }) },
  { path: '/AIKnow', ready: (p) => p.getByLabel('Assistant statistics') },
  { path: '/Users', ready: (p) => p.getByRole('grid', { name: 'Users' }) },
];

test('the console runs under its Content-Security-Policy without a violation', async ({ page }) => {
  const { violations, consoleErrors } = await watchViolations(page);

  const response = await page.goto('/login');
  const csp = (await response!.allHeaders())['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);

  const login = new LoginPage(page);
  await expect(page.getByText('You need to sign in...')).toBeVisible();
  await login.signIn('admin', E2E.adminPassword);
  const shell = new AppShell(page);
  await shell.expectSignedIn();

  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(screen.ready(page), screen.path).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  }

  // The password dialog loads the policy's dictionaries, a chunk of their own.
  await shell.openChangePassword();
  await shell.fillChangePassword(E2E.adminPassword, 'password1234');
  await expect(shell.changePasswordDialog().getByText(/This password is too easy to guess/)).toBeVisible();
  await shell.changePasswordDialog().getByRole('button', { name: 'Cancel' }).click();

  expect(violations).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
