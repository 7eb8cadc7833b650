import { describe, expect, it } from 'vitest';
import { ListeningWindow } from './listening-window.js';
import { StoreRetry } from './store-retry.js';

const transient = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('StoreRetry', () => {
  it('starts the listening window again only once every held write is kept', async () => {
    let t = 0;
    const window = new ListeningWindow(() => t);
    window.connectedToBroker();
    const retry = new StoreRetry(window, () => 0);
    let databaseUp = false;
    const write = () => (databaseUp ? Promise.resolve('kept') : Promise.reject(transient()));
    let secondUp = false;
    const slowWrite = () => (secondUp ? Promise.resolve('kept') : Promise.reject(transient()));

    const first = retry.run(write);
    const second = retry.run(slowWrite);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.seconds()).toBe(0);

    // The database is back for the first write: the second one is still held.
    databaseUp = true;
    await first;
    t += 30_000;
    expect(window.seconds()).toBe(0);

    secondUp = true;
    await second;
    t += 5_000;
    expect(window.seconds()).toBe(5);
    retry.stop();
  });
});
