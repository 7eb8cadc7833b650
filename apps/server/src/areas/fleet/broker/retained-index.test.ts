import { describe, expect, it } from 'vitest';
import { RetainedIndex } from './retained-index.js';

const packet = (topic: string, payload = 'x') => ({ topic, payload: Buffer.from(payload) });
const topics = (index: RetainedIndex, filter: string) => [...index.match(filter)].map((p) => p.topic).sort();

describe('RetainedIndex', () => {
  const index = new RetainedIndex();
  for (const topic of ['ed/v1/A1/status', 'ed/v1/B2/status', 'ed/v1/A1/state', 'ed', '$SYS/broker/uptime']) {
    index.store(packet(topic));
  }

  it('finds an exact topic, and one level per +', () => {
    expect(topics(index, 'ed/v1/A1/status')).toEqual(['ed/v1/A1/status']);
    expect(topics(index, 'ed/v1/+/status')).toEqual(['ed/v1/A1/status', 'ed/v1/B2/status']);
    expect(topics(index, 'ed/+')).toEqual([]);
    expect(topics(index, 'ed/v1/C3/status')).toEqual([]);
  });

  it('matches the parent level and all below with #, but no $ topic from a leading wildcard', () => {
    expect(topics(index, 'ed/#')).toEqual(['ed', 'ed/v1/A1/state', 'ed/v1/A1/status', 'ed/v1/B2/status']);
    expect(topics(index, '#')).not.toContain('$SYS/broker/uptime');
    expect(topics(index, '+/broker/uptime')).toEqual([]);
    expect(topics(index, '$SYS/#')).toEqual(['$SYS/broker/uptime']);
  });

  it('keeps the last message per topic, and forgets one cleared with an empty payload', () => {
    const own = new RetainedIndex();
    own.store(packet('a/b', 'first'));
    own.store(packet('a/b', 'second'));
    own.store(packet('a/b/c'));
    expect(own.size).toBe(2);
    expect([...own.match('a/b')].map((p) => p.payload.toString())).toEqual(['second']);
    own.store(packet('a/b/c', ''));
    own.store(packet('a/b', ''));
    own.store(packet('never/stored', ''));
    expect(own.size).toBe(0);
    expect(topics(own, '#')).toEqual([]);
  });
});
