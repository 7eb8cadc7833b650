import { describe, expect, it } from 'vitest';
import { besideField } from './form-context';

describe('a problem shown under its field', () => {
  it('drops the API key its label already names, and starts with a capital', () => {
    expect(besideField('serialNumber', 'serialNumber must be 8 or 9 letters or digits')).toBe(
      'Must be 8 or 9 letters or digits',
    );
    expect(besideField('thresholds.errorPercent', 'errorPercent must be between 0 and 100 %')).toBe(
      'Must be between 0 and 100 %',
    );
    expect(besideField('path', 'path: At most 512 characters.')).toBe('At most 512 characters.');
    expect(besideField('name', 'name is required')).toBe('Required');
    expect(besideField('name', 'name is at most 8 characters')).toBe('At most 8 characters');
  });

  it('leaves a sentence that does not start with the key, or explains the key, as it is', () => {
    expect(besideField('name', 'At most 64 characters.')).toBe('At most 64 characters.');
    expect(besideField('serialNumber', 'serialNumbers are counted once')).toBe('serialNumbers are counted once');
    expect(besideField('version.name', 'version.name (the spec release’s name) is required')).toBe(
      'version.name (the spec release’s name) is required',
    );
  });
});
