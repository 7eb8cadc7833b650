import { describe, expect, it } from 'vitest';
import { ExportSlots } from './export-slots.js';

describe('ExportSlots', () => {
  it('runs one export per caller at a time, others alongside, and frees the slot once', () => {
    const slots = new ExportSlots();
    const release = slots.take('user:ann');
    expect(() => slots.take('user:ann')).toThrow(/previous export is still running/);
    const bob = slots.take('user:bob');
    release();
    release();
    const again = slots.take('user:ann');
    expect(() => slots.take('user:ann')).toThrow();
    again();
    bob();
  });
});
