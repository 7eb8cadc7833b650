import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dayRangeSchema } from '@ed/contract/schedule';
import { DateRangeFields } from './date-range-fields';
import { FormScope } from './form-dialog';
import { useZodForm } from './use-zod-form';
import { todayInput } from '../lib/dates';

const schema = z.object({ period: dayRangeSchema });

function Harness({ initial }: { initial: { start: string; end: string } }) {
  const form = useZodForm(schema, { period: initial });
  return (
    <FormScope form={form}>
      <DateRangeFields name="period" />
      <output>{form.issues.size === 0 ? 'valid' : 'invalid'}</output>
    </FormScope>
  );
}

const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('DateRangeFields', () => {
  it('moves the end with a start set after it, and refuses a start before today', () => {
    render(<Harness initial={{ start: todayInput(), end: shift(1) }} />);
    const start = screen.getByLabelText<HTMLInputElement>(/^Start Date/);
    const end = screen.getByLabelText<HTMLInputElement>(/^End Date/);
    expect(screen.getByRole('status').textContent).toBe('valid');
    fireEvent.change(start, { target: { value: shift(3) } });
    expect(end.value).toBe(shift(3));
    fireEvent.change(start, { target: { value: shift(-1) } });
    expect(screen.getByText('Not before today')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('invalid');
  });
});
