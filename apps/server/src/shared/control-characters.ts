/* eslint-disable no-control-regex -- matching control characters is what this module is for */

/** Every C0 control character: none belongs in a name, a filter, an id or a query value. */
const C0 = /[\u0000-\u001f]/;
/** C0 but tab, LF and CR, which multi-line text (a description, a message) legitimately holds. */
const C0_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** What an audit row or a log line must not carry as is: C0, DEL and C1. */
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** A surrogate without its other half: not encodable as UTF-8, so never stored as sent. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const hasControlCharacter = (text: string, allowLineBreaks = false): boolean =>
  (allowLineBreaks ? C0_BUT_LINE_BREAKS : C0).test(text);

/**
 * The text with every control character written out as `\uXXXX` and lone surrogates replaced, so
 * it can be stored and shown: an attempt with a NUL in it stays visible instead of failing to be
 * written.
 */
export function escapeControlCharacters(text: string): string {
  return text
    .replace(ANY_CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(LONE_SURROGATE, '\ufffd');
}

/** At most `max` UTF-16 units, never ending in half a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

const nameOf = (key: string) => escapeControlCharacters(key);

/**
 * Dictionaries only: parsed JSON, and the query and form objects, whose parser makes them with a
 * constructor whose prototype has none (`new Empty()`, faster than `Object.create(null)`). A
 * Buffer or a stream is data, not fields.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/**
 * The path ("items.0.name") of the first string in `value`, key or value, that holds a control
 * character ('' for `value` itself); undefined when there is none. Walks with its own stack: a deeply nested JSON body
 * must not overflow the call stack.
 */
export function fieldWithControlCharacter(value: unknown, allowLineBreaks: boolean): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [current, path] = top;
    if (typeof current === 'string') {
      if (hasControlCharacter(current, allowLineBreaks)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (isPlainObject(current)) {
      const entries = Object.entries(current);
      const badKey = entries.find(([key]) => hasControlCharacter(key));
      if (badKey) return path ? `${path}.${nameOf(badKey[0])}` : nameOf(badKey[0]);
      for (const [key, child] of entries.reverse()) {
        stack.push([child, path ? `${path}.${nameOf(key)}` : nameOf(key)]);
      }
    }
  }
  return undefined;
}
