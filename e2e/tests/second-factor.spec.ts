import { type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { Secret, TOTP } from 'otpauth';
import { expectNoSeriousViolations } from '../pages/accessibility-scan.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { EnrolmentPage, TwoStepPage } from '../pages/two-step-pages.js';
import { startOwnServer, type OwnServer } from '../support/own-server.js';

/**
 * Second factors on a server of this spec's own: the e2e server runs in demo mode, where no role
 * needs one. Here admin must enrol (MFA_REQUIRED_ROLES=admin), and PUBLIC_URL is localhost, the
 * address the browser uses, so that it is the passkeys' relying party.
 */
const ADMIN_PASSWORD = 'second-factor-admin-password';
const STEP_MS = 30_000;

let server: OwnServer;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let secret = '';

const totp = () => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

test.describe.configure({ mode: 'serial' });

test.describe('second factors', () => {
  test.beforeAll(async ({ browser }) => {
    server = await startOwnServer({
      DEMO: 'false',
      ADMIN_PASSWORD,
      MFA_REQUIRED_ROLES: 'admin',
      SIMULATOR_UNITS: '0',
    });
    // One page for the three steps, which follow each other (the secret, then a signed-in session).
    context = await browser.newContext();
    page = await context.newPage();
  });

  test.afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  test('admin signs in with the password, sees only the enrolment, adds an authenticator app and reaches the console', async () => {
    const login = new LoginPage(page);
    const enrolment = new EnrolmentPage(page);
    const shell = new AppShell(page);
    await login.open(server.url);
    await login.signIn('admin', ADMIN_PASSWORD);
    await enrolment.expectShown();

    // Any address of the console shows the enrolment again, and nothing else.
    await page.goto(`${server.url}/Users`);
    await enrolment.expectShown();
    await expect(page.getByRole('grid', { name: 'Users' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the enrolment page');

    secret = await enrolment.startAuthenticatorApp();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSeriousViolations(page, 'Add authenticator app');
    await enrolment.confirmAuthenticatorApp(totp().generate());
    const codes = await enrolment.readRecoveryCodes();
    await expectNoSeriousViolations(page, 'the recovery codes');
    expect(codes).toHaveLength(10);
    expect(codes.every((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code))).toBe(true);
    await enrolment.closeRecoveryCodes();

    await shell.expectSignedIn();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Users' })).toBeVisible();
  });

  test('signs out, and signs in again with the password and a code of the authenticator app', async () => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await shell.signOut();
    await login.signIn('admin', ADMIN_PASSWORD);
    await login.expectSecondStep();
    await expect(login.passkeyButton()).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the second step of a sign-in');
    // The enrolment used this step's code, and a code works once: the next step's is the one to give.
    await login.enterCode(totp().generate({ timestamp: Date.now() + STEP_MS }));
    await shell.expectSignedIn();
  });

  test('adds a passkey, signs out, and signs in with the password and the passkey', async () => {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const twoStep = new TwoStepPage(page);
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await twoStep.openFromAccountMenu();
    await expect(twoStep.row('Authenticator app')).toBeVisible();
    await twoStep.addPasskey('Virtual key');
    await expect(twoStep.row('Virtual key')).toContainText('Passkey');
    await expect(page.getByText(/Recovery codes left: 10\./)).toBeVisible();
    await expectNoSeriousViolations(page, 'Two-step sign-in');

    await shell.signOut();
    await login.signIn('admin', ADMIN_PASSWORD);
    await login.expectSecondStep();
    await login.passkeyButton().click();
    await shell.expectSignedIn();

    await twoStep.open(server.url);
    await expect(twoStep.row('Virtual key')).not.toContainText('Never');
  });
});
