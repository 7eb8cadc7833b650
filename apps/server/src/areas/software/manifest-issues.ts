import type { z } from 'zod';

/** What each manifest field is, in words, for the sentence that says it is missing. */
const FIELD_WORDS: Record<string, string> = {
  version: 'the version',
  'version.semantic': 'the software version, such as 5.2.0',
  'version.meta': 'the version’s note',
  'version.name': 'the spec release’s name',
  'version.month': 'the spec release’s month, 1 to 12',
  'version.year': 'the spec release’s year',
  prerequisites: 'the prerequisites',
  family: 'the family (aligner, gtps or aligner-oasis)',
  files: 'the list of files',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(json: unknown, path: PropertyKey[]): unknown {
  let value = json;
  for (const key of path) {
    if (!isObject(value) && !Array.isArray(value)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The first problem of a manifest as a sentence people can act on: a package of the other kind
 * is named as such, a missing field is named in words, anything else says which field and why.
 */
export function describeManifestIssue(kind: 'software' | 'spec', json: unknown, issue: z.core.$ZodIssue): string {
  if (!isObject(json)) return 'manifest.json must hold a JSON object.';
  const version = json.version;
  if (kind === 'spec' && isObject(version) && 'semantic' in version && !('name' in version)) {
    return `This is a software package, not a spec release: its manifest has version.semantic (${String(version.semantic)}) where a spec release has version.name, month and year.`;
  }
  if (kind === 'software' && isObject(version) && 'name' in version && !('semantic' in version)) {
    return `This is a spec release, not a software package: its manifest has version.name (${String(version.name)}) where a software package has version.semantic.`;
  }
  const field = issue.path.map(String).join('.');
  if (field === '') return `manifest.json is not a ${kind === 'spec' ? 'spec release' : 'software'} manifest.`;
  if (valueAt(json, issue.path) === undefined) {
    return `manifest.json has no ${field} (${FIELD_WORDS[field] ?? 'a required field'}).`;
  }
  const reason = issue.message.startsWith(field) ? issue.message.slice(field.length).trim() : issue.message;
  const sentence = /^[a-z]/.test(reason) ? `${field} ${reason}` : `${field}: ${reason}`;
  return `manifest.json: ${sentence.replace(/\.$/, '')}.`;
}
