import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_TIMEOUT_MS, NOTICE_TIMEOUT_MS } from '@ed/contract/constants';
import { useNotice, useSessionAlerts } from './notice-context';
import { NoticeProvider } from './notice-provider';

function Harness() {
  const { notify, alert } = useNotice();
  const alerts = useSessionAlerts();
  return (
    <>
      <button onClick={() => notify('Saved.')}>notify</button>
      <button onClick={() => alert('New ticket 7 for aligner ABC created by bob.')}>alert</button>
      <p data-testid="alert-count">{alerts.length}</p>
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

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('NoticeProvider', () => {
  it('closes a notice after NOTICE_TIMEOUT_MS', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(screen.getByRole('status').textContent).toContain('Saved.');
    expect(screen.queryByRole('alert')).toBeNull();
    advance(NOTICE_TIMEOUT_MS - 100);
    expect(screen.queryByText('Saved.')).not.toBeNull();
    advance(1_000);
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('closes an alert after ALERT_TIMEOUT_MS, not after the notice time', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'alert' }));
    const text = 'New ticket 7 for aligner ABC created by bob.';
    expect(screen.getByRole('alert').textContent).toContain(text);
    advance(NOTICE_TIMEOUT_MS + 1_000);
    expect(screen.queryByText(text)).not.toBeNull();
    advance(ALERT_TIMEOUT_MS);
    expect(screen.queryByText(text)).toBeNull();
  });

  it('closes at once with CLOSE and shows the next queued notice', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    fireEvent.click(screen.getByRole('button', { name: 'alert' }));
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    const closes = screen.getAllByRole('button', { name: 'CLOSE' });
    expect(closes).toHaveLength(2);
    fireEvent.click(closes[0]!);
    advance(500);
    expect(screen.getAllByText('Saved.')).toHaveLength(1);
    advance(NOTICE_TIMEOUT_MS + 500);
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it("keeps this session's alerts, but not plain notices", () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'alert' }));
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    fireEvent.click(screen.getByRole('button', { name: 'alert' }));
    expect(screen.getByTestId('alert-count').textContent).toBe('2');
  });
});
