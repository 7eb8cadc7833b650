import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeldRows } from './use-held-rows';

type Row = { id: number; status: string };
const a = { id: 1, status: 'active' };
const b = { id: 2, status: 'active' };

describe('useHeldRows', () => {
  it('keeps the rows’ places while held, shows their latest data, and says newer rows wait', () => {
    const { result, rerender } = renderHook(({ live }: { live: Row[] }) => useHeldRows(live), {
      initialProps: { live: [a] },
    });
    act(() => result.current.hold());
    rerender({ live: [b, { ...a, status: 'cleared' }] });
    expect(result.current.rows).toEqual([{ id: 1, status: 'cleared' }]);
    expect(result.current.pending).toBe(true);
    act(() => result.current.release());
    expect(result.current.rows?.map((r) => r.id)).toEqual([2, 1]);
    expect(result.current.pending).toBe(false);
  });

  it('shows the user’s own act on a held row that left the list, and does not hold an empty list', () => {
    const { result, rerender } = renderHook(({ live }: { live: Row[] }) => useHeldRows(live), {
      initialProps: { live: [a] },
    });
    act(() => result.current.hold());
    act(() => result.current.patch(1, { status: 'cleared' }));
    rerender({ live: [] });
    expect(result.current.rows).toEqual([{ id: 1, status: 'cleared' }]);
    act(() => result.current.release());
    act(() => result.current.hold());
    rerender({ live: [b] });
    expect(result.current.rows).toEqual([b]);
  });
});
