import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBusyWhile } from './busy-context';
import { BusyContent, BusyProvider } from './busy-provider';

function Job({ label }: { label: string }) {
  const [running, setRunning] = useState(false);
  useBusyWhile(running);
  return <button onClick={() => setRunning((r) => !r)}>{label}</button>;
}

describe('BusyProvider', () => {
  it('shows the spinner and hides the routed content until the last job ends', () => {
    render(
      <BusyProvider>
        <Job label="first" />
        <Job label="second" />
        <BusyContent>
          <h1>Screen</h1>
        </BusyContent>
      </BusyProvider>,
    );
    expect(screen.queryByRole('progressbar', { name: 'Busy' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Screen' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    fireEvent.click(screen.getByRole('button', { name: 'second' }));
    expect(screen.getByRole('progressbar', { name: 'Busy' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Screen' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    expect(screen.getByRole('progressbar', { name: 'Busy' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'second' }));
    expect(screen.getByRole('heading', { name: 'Screen' })).toBeTruthy();
  });
});
