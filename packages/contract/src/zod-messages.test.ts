import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { installPlainZodMessages } from './zod-messages.js';

installPlainZodMessages();
const first = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('the sentences people read instead of zod’s wording', () => {
  it('names limits in characters and items, and an empty or missing field as required', () => {
    expect(first(z.string().max(512), 'x'.repeat(513))).toBe('At most 512 characters.');
    expect(first(z.string().min(1), '')).toBe('Required.');
    expect(first(z.string().min(8), 'abc')).toBe('At least 8 characters.');
    expect(first(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('At most 2 items.');
    expect(first(z.number().max(100), 101)).toBe('At most 100.');
    expect(first(z.number().lt(100), 100)).toBe('Less than 100.');
    expect(first(z.object({ name: z.string() }), {})).toBe('Required.');
  });

  it('says what kind of value was wanted, and which values are allowed', () => {
    expect(first(z.number(), 'ten')).toBe('Must be a number.');
    expect(first(z.string(), 10)).toBe('Must be text.');
    expect(first(z.enum(['WARN', 'INFO']), 'DEBUG')).toBe('Must be one of WARN, INFO.');
    expect(first(z.email(), 'nobody')).toBe('Must be an e-mail address.');
    expect(first(z.strictObject({}), { extra: 1 })).toBe('Not a field here: extra.');
  });

  it('leaves a schema’s own message as it is', () => {
    expect(first(z.string().max(3, 'name: three letters at most'), 'abcd')).toBe('name: three letters at most');
  });
});
