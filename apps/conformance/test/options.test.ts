import { describe, expect, it } from 'vitest';
import { parseOptions } from '../src/options.js';
import { fillCommand } from '../src/unit-process.js';

describe('the command line', () => {
  it('takes a unit command and fills in defaults', () => {
    expect(parseOptions(['--unit', 'my-unit {url}'])).toEqual({
      options: {
        unit: 'my-unit {url}',
        wait: false,
        serial: null,
        enrollmentKey: null,
        family: 'aligner',
        timeoutSeconds: 30,
        json: null,
        topicRoot: 'conformance/v1',
      },
    });
  });

  it('says what is wrong', () => {
    expect(parseOptions([])).toEqual({ error: 'give either --unit "<command line>" or --wait' });
    expect(parseOptions(['--wait', '--unit', 'x'])).toMatchObject({ error: expect.stringMatching(/either/) });
    expect(parseOptions(['--wait', '--family', 'toaster'])).toMatchObject({ error: expect.stringMatching(/--family/) });
    expect(parseOptions(['--wait', '--serial', 'a-b'])).toMatchObject({ error: expect.stringMatching(/--serial/) });
    expect(parseOptions(['--wait', '--enrollment-key', 'short'])).toMatchObject({ error: expect.stringMatching(/16/) });
    expect(parseOptions(['--wait', '--enrollment-key', 'sixteen-chars-$(rm)'])).toMatchObject({
      error: expect.stringMatching(/letters, digits/),
    });
    expect(parseOptions(['--wait', '--timeout-seconds', '2'])).toMatchObject({
      error: expect.stringMatching(/5 or more/),
    });
    expect(parseOptions(['--wait', '--bogus'])).toMatchObject({ error: expect.stringMatching(/bogus/) });
  });

  it('takes a serial number in upper case', () => {
    expect(parseOptions(['--wait', '--serial', 'v33lv0001'])).toMatchObject({ options: { serial: 'V33LV0001' } });
  });

  it('fills the placeholders of the unit’s command line', () => {
    const values = { url: 'http://127.0.0.1:9', serial: 'V33LV0001', enrollmentKey: 'k'.repeat(16) };
    expect(fillCommand('unit --url {url} --serial {serial} --key {enrollmentKey} {other}', values)).toBe(
      `unit --url http://127.0.0.1:9 --serial V33LV0001 --key ${'k'.repeat(16)} {other}`,
    );
  });
});
