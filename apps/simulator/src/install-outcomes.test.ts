import { describe, expect, it } from 'vitest';
import { checkInstallOutcomes, InstallFates, outcomeFor, parseInstallOutcomes } from './install-outcomes.js';
import { Prng } from './prng.js';

describe('parseInstallOutcomes', () => {
  it('reads versions and prefixes with their fail and hang rates', () => {
    expect(parseInstallOutcomes(' 5.4.0:fail=0.2,hang=0.05; 5.3.9:fail=0.5 ;5.2.:hang=1;')).toEqual({
      '5.4.0': { failRate: 0.2, hangRate: 0.05 },
      '5.3.9': { failRate: 0.5, hangRate: 0 },
      '5.2.': { failRate: 0, hangRate: 1 },
    });
    expect(parseInstallOutcomes('')).toEqual({});
  });

  it.each([
    ['5.4.0', '"5.4.0" must be version:fail=F,hang=H'],
    ['5.4.0:fail', '"fail" in 5.4.0 must be fail=F or hang=H'],
    ['5.4.0:fail=', '"fail=" in 5.4.0 must be fail=F or hang=H'],
    ['5.4.0:crash=0.1', '"crash=0.1" in 5.4.0 must be fail=F or hang=H'],
    ['5.4.0:fail=0.1=2', '"fail=0.1=2" in 5.4.0 must be fail=F or hang=H'],
    ['5.4.0:fail=0.1,fail=0.2', 'fail is given twice for 5.4.0'],
    ['5.4.0:fail=0.1;5.4.0:hang=0.1', '5.4.0 is given twice'],
    ['5.4.0:fail=1.5', '5.4.0: fail must be a number between 0 and 1, got 1.5'],
    ['5.4.0:hang=-0.1', '5.4.0: hang must be a number between 0 and 1, got -0.1'],
    ['5.4.0:fail=lots', '5.4.0: fail must be a number between 0 and 1, got lots'],
    ['5.4.0:fail=0.6,hang=0.5', '5.4.0: the fail and hang rates add up to more than 1'],
    [':fail=0.1', '"" is not a version, or a prefix like 5.4.'],
    ['5 4:fail=0.1', '"5 4" is not a version, or a prefix like 5.4.'],
  ])('refuses %s', (text, message) => {
    expect(() => parseInstallOutcomes(text)).toThrow(message);
  });
});

describe('checkInstallOutcomes', () => {
  it('copies the table and refuses rates outside [0, 1]', () => {
    const table = { '5.4.0': { failRate: 0.3 } };
    const checked = checkInstallOutcomes(table);
    table['5.4.0'].failRate = 0.9;
    expect(checked).toEqual({ '5.4.0': { failRate: 0.3, hangRate: 0 } });
    expect(() => checkInstallOutcomes({ '5.4.0': { hangRate: Number.NaN } })).toThrow(RangeError);
    expect(() => checkInstallOutcomes({ '5.4.0': { failRate: 2 } })).toThrow('5.4.0: failRate must be');
  });
});

describe('outcomeFor', () => {
  const table = { '5.': { failRate: 0.1 }, '5.4.': { failRate: 0.2 }, '5.4.0': { failRate: 0.3 } };
  it('takes the exact version, else the longest prefix', () => {
    expect(outcomeFor(table, '5.4.0')).toEqual({ failRate: 0.3 });
    expect(outcomeFor(table, '5.4.1')).toEqual({ failRate: 0.2 });
    expect(outcomeFor(table, '5.3.0')).toEqual({ failRate: 0.1 });
    expect(outcomeFor(table, '6.0.0')).toBeUndefined();
    expect(outcomeFor(table, '5.4.0.1')).toEqual({ failRate: 0.2 });
    expect(outcomeFor({}, 'constructor')).toBeUndefined();
  });
});

describe('InstallFates', () => {
  const outcomes = { '5.4.0': { failRate: 0.3, hangRate: 0.2 } };
  const run = (seed: number) => {
    const fates = new InstallFates(new Prng(seed), outcomes);
    return Array.from({ length: 400 }, () => fates.decide('5.4.0'));
  };

  it('replays the same fates from the same seed, and others from another', () => {
    expect(run(11)).toEqual(run(11));
    expect(run(11)).not.toEqual(run(12));
  });

  it('fails and hangs about as often as asked, partway through the install', () => {
    const fates = run(5);
    const share = (kind: string) => fates.filter((fate) => fate.kind === kind).length / fates.length;
    expect(share('fail')).toBeCloseTo(0.3, 1);
    expect(share('hang')).toBeCloseTo(0.2, 1);
    for (const fate of fates) {
      if (fate.kind !== 'complete') expect(fate.atPercent).toSatisfy((p: number) => p >= 15 && p <= 85);
    }
  });

  it('always completes a version without outcomes, and takes new outcomes from the next install', () => {
    const fates = new InstallFates(new Prng(1));
    expect(Array.from({ length: 50 }, () => fates.decide('5.4.0').kind)).not.toContain('fail');
    fates.set({ '5.4.': { failRate: 1 } });
    expect(fates.decide('5.4.0').kind).toBe('fail');
    expect(() => fates.set({ '5.4.0': { failRate: 1.1 } })).toThrow(RangeError);
    expect(fates.decide('5.4.7').kind).toBe('fail');
  });
});
