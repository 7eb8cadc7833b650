import { describe, expect, it } from 'vitest';
import { ListeningWindow } from './listening-window.js';

describe('ListeningWindow', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, advance: (s: number) => (t += s * 1000) };
  };

  it('counts from the broker connection, and nothing before it', () => {
    const c = clock();
    const window = new ListeningWindow(c.now);
    c.advance(100);
    expect(window.seconds()).toBe(0);
    window.connectedToBroker();
    c.advance(42);
    expect(window.seconds()).toBe(42);
  });

  it('starts again after a failed write, from the next write that succeeds', () => {
    const c = clock();
    const window = new ListeningWindow(c.now);
    window.connectedToBroker();
    c.advance(300);
    window.storeFailed();
    c.advance(90);
    expect(window.seconds()).toBe(0);
    window.stored();
    c.advance(10);
    expect(window.seconds()).toBe(10);
  });

  it('is broken while the broker is away, whatever is stored meanwhile', () => {
    const c = clock();
    const window = new ListeningWindow(c.now);
    window.connectedToBroker();
    c.advance(300);
    window.disconnectedFromBroker();
    window.stored();
    c.advance(30);
    expect(window.seconds()).toBe(0);
    window.connectedToBroker();
    c.advance(5);
    expect(window.seconds()).toBe(5);
  });
});
