import { describe, expect, it } from 'vitest';
import { csvField } from './chats-csv.js';

describe('csvField', () => {
  it('quotes what CSV must quote and leaves the rest alone', () => {
    expect(csvField('GT1234567')).toBe('GT1234567');
    expect(csvField(3)).toBe('3');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"\nagain')).toBe('"say ""hi""\nagain"');
  });

  it('turns a would-be formula into text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@sum')).toBe("'@sum");
  });
});
