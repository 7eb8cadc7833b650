import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_TIMEOUT_MS, NOTICE_TIMEOUT_MS } from '@ed/contract/constants';
import { useNotice, useSessionAlerts } from './notice-context';
import { NoticeProvider } from './notice-provider';

function Harness() {
  const { notify, alert } = useNotice();
  const alerts = useSessionAlerts();
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <button onClick={() => notify('Saved.')}>notify</button>
      <button onClick={() => alert('New ticket 7 for aligner ABC created by bob.', 'info')}>alert</button>
      <button onClick={() => notify('The unit is not connected.', 'error')}>fail</button>
      <button onClick={() => setDialog(true)}>dialog</button>
      <p data-testid="alert-count">{alerts.length}</p>
      <Dialog open={dialog} onClose={() => setDialog(false)} aria-labelledby="title">
        <DialogTitle id="title">Details</DialogTitle>
        <button onClick={() => notify('Saved in the dialog.')}>save</button>
      </Dialog>
    </>
  );
}

function setup() {
  vi.useFakeTimers();
  render(
    <NoticeProvider>
      <Harness />
    </NoticeProvider>,
  );
}

const advance = (ms: number) => void act(() => vi.advanceTimersByTime(ms));
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('NoticeProvider', () => {
  it('closes a notice after NOTICE_TIMEOUT_MS', () => {
    setup();
    click('notify');
    expect(screen.getByRole('status').textContent).toContain('Saved.');
    expect(screen.queryByRole('alert')).toBeNull();
    advance(NOTICE_TIMEOUT_MS - 100);
    expect(screen.queryByText('Saved.')).not.toBeNull();
    advance(1_000);
    advance(500); // the closing transition
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('closes an alert after ALERT_TIMEOUT_MS, not after the notice time', () => {
    setup();
    click('alert');
    const text = 'New ticket 7 for aligner ABC created by bob.';
    expect(screen.getByRole('status').textContent).toContain(text);
    advance(NOTICE_TIMEOUT_MS + 1_000);
    expect(screen.queryByText(text)).not.toBeNull();
    advance(ALERT_TIMEOUT_MS);
    advance(500); // the closing transition
    expect(screen.queryByText(text)).toBeNull();
  });

  it('shows only the newest: it replaces the one showing, and CLOSE closes it at once', () => {
    setup();
    click('alert');
    click('notify');
    expect(screen.queryByText('New ticket 7 for aligner ABC created by bob.')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Saved.');
    fireEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    advance(500); // the closing transition
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('shows a failure as an error alert', () => {
    setup();
    click('fail');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The unit is not connected.');
    expect(alert.className).toContain('MuiAlert-colorError');
  });

  it('puts a notice raised in a dialog inside the dialog, where screen readers and the keyboard reach it', () => {
    setup();
    click('dialog');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'save' }));
    // Queries by role skip what aria-hidden hides: the page behind the dialog is hidden.
    expect(screen.queryByRole('button', { name: 'notify' })).toBeNull();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Saved in the dialog.');
    expect(notice.closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('dialog').parentElement!.contains(notice)).toBe(true);
  });

  it("keeps this session's alerts, but not plain notices", () => {
    setup();
    click('alert');
    click('notify');
    click('alert');
    expect(screen.getByTestId('alert-count').textContent).toBe('2');
  });
});
