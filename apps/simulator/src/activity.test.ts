import type { StateMessage } from '@ed/contract/device-protocol';
import { describe, expect, it } from 'vitest';
import { ProcedureCycle } from './activity.js';
import { FakeClock } from './fake-clock.js';
import { Prng } from './prng.js';
import { testProfile } from './test-support.js';

function setup(family: 'aligner' | 'gtps', busy = false) {
  const clock = new FakeClock();
  const patches: StateMessage[] = [];
  const host = {
    state: structuredClone(testProfile({}, { family }).state),
    apply(patch: StateMessage) {
      Object.assign(host.state, patch);
      patches.push(patch);
    },
    busy: () => busy,
  };
  return { clock, host, patches, cycle: new ProcedureCycle(host, clock, new Prng(9)) };
}

describe('procedure cycle', () => {
  it('walks an aligner through a job and counts the alignment at its end', () => {
    const { clock, host, patches, cycle } = setup('aligner');
    cycle.start();
    const procedures: (string | null | undefined)[] = [];
    while (host.state.alignmentCount === 1200) {
      clock.advance(1000);
      const last = patches.at(-1)?.currentProcedure;
      if (procedures.at(-1) !== last) procedures.push(last);
    }
    expect(procedures.filter(Boolean)).toEqual([
      'Vehicle Selection',
      'Inspection',
      'Compensation',
      'Alignment',
      'Printout',
    ]);
    expect(host.state).toMatchObject({ currentProcedure: null, alignmentCount: 1201 });
  });

  it('keeps counting day after day and stops when told', () => {
    const { clock, host, cycle } = setup('gtps');
    cycle.start();
    clock.advance(8 * 3_600_000);
    expect(host.state.alignmentCount).toBeGreaterThan(1210);
    cycle.stop();
    expect(clock.pending).toBe(0);
  });

  it('takes no job while the unit is busy installing', () => {
    const { clock, patches, cycle } = setup('aligner', true);
    cycle.start();
    clock.advance(3_600_000);
    expect(patches).toHaveLength(0);
  });
});
