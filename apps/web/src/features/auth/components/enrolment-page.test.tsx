import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { secondFactorRoutes } from '@ed/contract/routes/second-factor';
import { readToken, writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { errorResponse, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { EnrolmentPage } from './enrolment-page';

const webAuthn = vi.hoisted(() => ({ startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webAuthn);

const waiting = { ...tokenFor('admin', 'alice'), mfa_enrolment_required: true };
const fresh = { ...tokenFor('admin', 'alice'), access_token: 'token-after-enrolment' };
const codes = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff'];
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

function setup(handlers: Parameters<typeof fakeServer>[0]) {
  writeToken(waiting);
  const server = fakeServer(handlers);
  const onDone = vi.fn();
  const user = userEvent.setup();
  renderScreen(<EnrolmentPage user={waiting.user} onDone={onDone} />);
  return { ...server, onDone, user };
}

describe('EnrolmentPage', () => {
  it('explains that the role needs a second factor, and offers both kinds and Sign out only', () => {
    setup([]);
    expect(screen.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(screen.getByText(/Your role \(Admin\) needs a second factor/)).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Add authenticator app',
      'Add passkey',
      'Sign out',
    ]);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('enrols an authenticator app, stores the new token at once, and shows the recovery codes before the console', async () => {
    let tries = 0;
    const { user, onDone, callsTo } = setup([
      reply(secondFactorRoutes.startTotp, () => ({
        id: 7,
        secret: SECRET,
        uri: `otpauth://totp/Equipment%20Dashboard:alice?secret=${SECRET}`,
      })),
      reply(secondFactorRoutes.confirmTotp, () =>
        ++tries === 1
          ? errorResponse(400, 'That code is not right. Check the time on your phone.', 'code')
          : { recoveryCodes: codes, token: fresh },
      ),
    ]);
    await user.click(screen.getByRole('button', { name: 'Add authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add authenticator app' });
    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Key' }).value).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    const verify = within(dialog).getByRole('button', { name: 'Verify' });
    expect(verify.hasAttribute('disabled')).toBe(true);

    await user.type(code, '000000{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toContain('That code is not right.');
    expect(readToken()).toEqual(waiting);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(verify);
    const shown = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(callsTo(secondFactorRoutes.startTotp)).toHaveLength(1);
    expect(callsTo(secondFactorRoutes.confirmTotp).map((c) => c.body)).toEqual([
      { id: 7, code: '000000' },
      { id: 7, code: '123456' },
    ]);
    // The waiting session was revoked by the enrolment: its successor is stored before anything else.
    expect(readToken()).toEqual(fresh);
    expect(
      within(within(shown).getByRole('list', { name: 'Recovery codes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(onDone).not.toHaveBeenCalled();

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toContain(codes.join('\n'));
    expect(await within(shown).findByText('Copied to the clipboard.')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('enrols a passkey under its name, and downloads the recovery codes as a text file', async () => {
    class BlobUrl extends URL {
      static override createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', BlobUrl);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    webAuthn.startRegistration.mockResolvedValue({ id: 'cred-1', type: 'public-key', response: {} });
    const { user, onDone, callsTo } = setup([
      reply(secondFactorRoutes.passkeyEnrolOptions, () => ({ options: { challenge: 'abc' } })),
      reply(secondFactorRoutes.addPasskey, () => ({ recoveryCodes: codes, token: fresh })),
    ]);
    await user.click(screen.getByRole('button', { name: 'Add passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add passkey' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Passkey name' }), 'Work laptop{Enter}');
    const shown = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(webAuthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'abc' } });
    expect(callsTo(secondFactorRoutes.addPasskey).map((c) => c.body)).toEqual([
      { name: 'Work laptop', response: { id: 'cred-1', type: 'public-key', response: {} } },
    ]);
    expect(readToken()).toEqual(fresh);

    await user.click(within(shown).getByRole('button', { name: 'Download' }));
    expect(saved).toEqual(['recovery-codes.txt']);
    const blob = BlobUrl.createObjectURL.mock.calls[0]![0];
    expect(await textOf(blob)).toContain('aaaaa-bbbbb\nccccc-ddddd\neeeee-fffff\n');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });
});
