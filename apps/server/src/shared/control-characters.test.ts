import { describe, expect, it } from 'vitest';
import {
  escapeControlCharacters,
  fieldWithControlCharacter,
  hasControlCharacter,
  truncate,
} from './control-characters.js';
import { testDouble } from './type-adapters.js';

describe('control characters', () => {
  it('finds C0 controls; tab, LF and CR only where line breaks are not allowed', () => {
    expect(hasControlCharacter('V33\u0000')).toBe(true);
    expect(hasControlCharacter('a\tb\r\nc')).toBe(true);
    expect(hasControlCharacter('a\tb\r\nc', true)).toBe(false);
    expect(hasControlCharacter('a\u001bb', true)).toBe(true);
    expect(hasControlCharacter('DEL \u007f and C1 \u0085 are not C0')).toBe(false);
  });

  it('names the first field, nested or in a key, that holds one', () => {
    expect(fieldWithControlCharacter({ a: 'ok', b: { c: ['ok', 'x\u0000'] } }, false)).toBe('b.c.1');
    expect(fieldWithControlCharacter({ ['k\u0001']: 'ok' }, false)).toBe('k\\u0001');
    expect(fieldWithControlCharacter('\u0000', true)).toBe('');
    expect(fieldWithControlCharacter({ text: 'two\nlines' }, true)).toBeUndefined();
    expect(fieldWithControlCharacter(Buffer.from([0]), false)).toBeUndefined();
    // How the query string parser makes its objects.
    const Empty = testDouble<new () => Record<string, unknown>>(function () {});
    Empty.prototype = Object.create(null) as object;
    expect(fieldWithControlCharacter(Object.assign(new Empty(), { q: 'a\u0000' }), false)).toBe('q');
    const deep = JSON.parse(`${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`) as unknown;
    expect(fieldWithControlCharacter(deep, false)).toMatch(/^0(\.0)+$/);
  });

  it('writes controls out and replaces lone surrogates, so the text can be stored', () => {
    expect(escapeControlCharacters('a\u0000b\u007f\u0085')).toBe('a\\u0000b\\u007f\\u0085');
    expect(escapeControlCharacters('x\ud800y🚗')).toBe('x\ufffdy🚗');
  });

  it('truncates without leaving half a surrogate pair', () => {
    expect(truncate('ab🚗', 3)).toBe('ab');
    expect(truncate('ab🚗', 4)).toBe('ab🚗');
  });
});
