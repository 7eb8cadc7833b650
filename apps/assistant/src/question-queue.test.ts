import { describe, expect, it } from 'vitest';
import { QuestionQueue } from './question-queue.js';

describe('the question queue', () => {
  it('runs one question at a time and measures the wait and the work', async () => {
    let clock = 0;
    const queue = new QuestionQueue(1, () => clock);
    const order: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      order.push(`start ${name}`);
      await Promise.resolve();
      clock += ms;
      order.push(`end ${name}`);
      return name;
    };
    const [a, b] = await Promise.all([queue.run(slow('a', 2_000)), queue.run(slow('b', 500))]);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b']);
    expect(a).toEqual({ value: 'a', queueSeconds: 0, engineSeconds: 2 });
    expect(b).toEqual({ value: 'b', queueSeconds: 2, engineSeconds: 0.5 });
  });
});
