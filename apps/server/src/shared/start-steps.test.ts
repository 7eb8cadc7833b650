import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { markStartOrigin, startOrigin } from './start-steps.js';

const ORIGIN = Symbol.for('equipment-dashboard.start-origin');

describe('a start timed from its origin', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, ORIGIN);
  });

  it('counts from the process start unless a waiting process was told to start', () => {
    expect(startOrigin()).toBe(0);
    const before = performance.now();
    markStartOrigin();
    expect(startOrigin()).toBeGreaterThanOrEqual(before);
    expect(startOrigin()).toBeLessThanOrEqual(performance.now());
  });
});
