import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC_ROOT, deviceTopics } from './device-topics.js';

describe('device topics', () => {
  it('puts every unit topic under the deployment root', () => {
    const t = deviceTopics('acme/prod/v1');
    expect(t.status('V33CT0001')).toBe('acme/prod/v1/V33CT0001/status');
    expect(t.replyFor('V33CT0001', 'a1-b2')).toBe('acme/prod/v1/V33CT0001/reply/a1-b2');
    expect(t.unitFilters).toEqual([
      'acme/prod/v1/+/status',
      'acme/prod/v1/+/state',
      'acme/prod/v1/+/pairing',
      'acme/prod/v1/+/calibration',
    ]);
    expect(t.instanceReplyFilter('a1')).toBe('acme/prod/v1/+/reply/a1');
    expect(deviceTopics().root).toBe(DEFAULT_TOPIC_ROOT);
  });

  it('parses its own topics, a reply with or without an instance, and nothing of another root', () => {
    const t = deviceTopics('acme/v1');
    expect(t.parse('acme/v1/V33CT0001/state')).toEqual({ serialNumber: 'V33CT0001', kind: 'state' });
    expect(t.parse('acme/v1/V33CT0001/reply')).toEqual({ serialNumber: 'V33CT0001', kind: 'reply' });
    expect(t.parse('acme/v1/V33CT0001/reply/inst-1')).toEqual({
      serialNumber: 'V33CT0001',
      kind: 'reply',
      instance: 'inst-1',
    });
    // Another deployment's units, wildcards, and sub-topics of anything but reply are not ours.
    expect(t.parse('ed/v1/V33CT0001/state')).toBeNull();
    expect(t.parse('acme/v1/+/state')).toBeNull();
    expect(t.parse('acme/v1/V33CT0001/state/x')).toBeNull();
    expect(t.parse('acme/v1/V33CT0001/reply/a/b')).toBeNull();
  });

  it('refuses a root with wildcards, a leading $ or empty levels', () => {
    for (const root of ['ed/+', 'ed/#', '$SYS/x', 'ed//v1', '/ed', '']) expect(() => deviceTopics(root)).toThrow();
  });
});
