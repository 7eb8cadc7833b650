import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stateMessageSchema } from './device-protocol.js';
import { PROTOCOL_SECTIONS, problemsOf, sectionLink, type ProtocolSection } from './device-errors.js';

const guide = readFileSync(new URL('../../../docs/device-protocol.md', import.meta.url), 'utf8');

describe('the sections a refusal points to', () => {
  it.each(Object.keys(PROTOCOL_SECTIONS) as ProtocolSection[])('%s is a heading of the guide', (section) => {
    expect(guide).toContain(`\n## ${PROTOCOL_SECTIONS[section]}\n`);
  });

  it('links as a Markdown renderer anchors the heading', () => {
    expect(sectionLink('pairings')).toBe('docs/device-protocol.md#vendor-pairings-tru-point');
    expect(sectionLink('stateReports')).toBe('docs/device-protocol.md#state-reports');
  });
});

describe('the problems of a refused message', () => {
  it('lists every field at fault, in plain words, with what was sent', () => {
    const parsed = stateMessageSchema.safeParse(
      { updateState: 'idle', boardFeatures: { numCameras: 9 }, extra: true },
      { reportInput: true },
    );
    expect(parsed.success).toBe(false);
    expect(problemsOf(parsed.error!)).toEqual([
      { path: 'boardFeatures.numCameras', message: 'At most 8.' },
      { path: 'boardFeatures.numAccel', message: 'Required.' },
      { path: 'boardFeatures.isDDAligner', message: 'Required.' },
      { path: 'updateState', message: 'Must be an object (got string "idle").' },
      { path: '', message: 'Not a field here: extra.' },
    ]);
  });
});
