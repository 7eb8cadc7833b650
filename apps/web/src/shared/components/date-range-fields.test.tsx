import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangeFields, isValidRange, type DateRange } from './date-range-fields';
import { todayInput } from '../lib/dates';

function Harness({ initial }: { initial: DateRange }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateRangeFields value={value} onChange={setValue} />
      <output>{isValidRange(value) ? 'valid' : 'invalid'}</output>
    </>
  );
}

const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('DateRangeFields', () => {
  it('moves the end with a start set after it, and refuses a start before today', () => {
    render(<Harness initial={{ start: todayInput(), end: shift(1) }} />);
    const start = screen.getByLabelText(/^Start Date/) as HTMLInputElement;
    const end = screen.getByLabelText(/^End Date/) as HTMLInputElement;
    expect(screen.getByRole('status').textContent).toBe('valid');
    fireEvent.change(start, { target: { value: shift(3) } });
    expect(end.value).toBe(shift(3));
    fireEvent.change(start, { target: { value: shift(-1) } });
    expect(screen.getByText('Not before today')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('invalid');
  });
});
