import { describe, expect, it, vi } from 'vitest';
import { EventBus } from './event-bus.js';
import { testDouble } from './type-adapters.js';
import type { FastifyBaseLogger } from 'fastify';

interface Events {
  changed: { id: string };
}

const setup = () => {
  const error = vi.fn();
  const bus = new EventBus<Events>(testDouble<FastifyBaseLogger>({ error }));
  return { bus, error };
};

describe('EventBus', () => {
  it('tells every handler of a notification, and logs a failing one with its area without stopping the rest', async () => {
    const { bus, error } = setup();
    const seen: string[] = [];
    bus.on('changed', 'thrower', () => {
      throw new Error('sync failure');
    });
    bus.on('changed', 'rejecter', async () => Promise.reject(new Error('async failure')));
    bus.on('changed', 'radar', ({ id }) => void seen.push(id));
    expect(() => bus.notify('changed', { id: 'V33CP0001' })).not.toThrow();
    expect(seen).toEqual(['V33CP0001']);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(error.mock.calls.map(([fields]) => (fields as { area: string }).area)).toEqual(['thrower', 'rejecter']);
  });

  it('runs emitted handlers in turn and hands the first failure to the emitter', async () => {
    const { bus } = setup();
    const order: string[] = [];
    bus.on('changed', 'first', async () => void order.push('first'));
    bus.on('changed', 'failing', () => {
      throw new Error('refused');
    });
    bus.on('changed', 'last', () => void order.push('last'));
    await expect(bus.emit('changed', { id: 'x' })).rejects.toThrow('refused');
    expect(order).toEqual(['first']);
    expect(bus.subscriptions()).toEqual([
      { event: 'changed', area: 'first' },
      { event: 'changed', area: 'failing' },
      { event: 'changed', area: 'last' },
    ]);
    expect(bus.handles('changed')).toBe(true);
  });
});
