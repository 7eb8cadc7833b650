import { parseArgs } from 'node:util';
import { FAMILIES, type Family } from '@ed/contract/families';
import { serialNumberSchema } from '@ed/contract/device-protocol';
import { topicRootSchema } from '@ed/contract/device-topics';

export interface KitOptions {
  /** The unit's command line with {url}, {serial} and {enrollmentKey}; null with --wait. */
  unit: string | null;
  wait: boolean;
  serial: string | null;
  enrollmentKey: string | null;
  family: Family;
  timeoutSeconds: number;
  json: string | null;
  /** The deployment's topic root the server names at registration; not ed/v1, to catch a hard-coded one. */
  topicRoot: string;
}

export const USAGE = `Usage: ed-conformance --unit "<command line>" [options]
       ed-conformance --wait [options]

  --unit CMD             starts the unit with this command line; {url}, {serial} and
                         {enrollmentKey} are replaced by the kit's server URL, the serial number
                         and the fleet enrollment key
  --wait                 starts the test environment, prints the URL, serial number and key, and
                         waits for a unit started by hand
  --serial S             the unit's serial number (default: a new one of --family)
  --enrollment-key K     the fleet enrollment key, 16 characters or more (default: a random one)
  --family F             aligner, gtps or aligner-oasis (default aligner): the serial number's family
  --timeout-seconds N    the longest the kit waits for any one thing (default 30)
  --topic-root R         the topic root the server gives the unit (default conformance/v1)
  --json FILE            also writes the report as JSON
  --help                 this text

Exit code 0 only when every required check passes.`;

const OPTIONS = {
  unit: { type: 'string' },
  wait: { type: 'boolean', default: false },
  serial: { type: 'string' },
  'enrollment-key': { type: 'string' },
  family: { type: 'string', default: 'aligner' },
  'timeout-seconds': { type: 'string', default: '30' },
  'topic-root': { type: 'string', default: 'conformance/v1' },
  json: { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

export type Parsed = { options: KitOptions } | { error: string } | { help: true };

/** The command line as options, or what is wrong with it. */
export function parseOptions(argv: readonly string[]): Parsed {
  let values;
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: false }).values;
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help) return { help: true };
  if (!values.unit === !values.wait) return { error: 'give either --unit "<command line>" or --wait' };
  const family = values.family as Family;
  if (!FAMILIES.includes(family)) return { error: `--family must be one of ${FAMILIES.join(', ')}` };
  const timeoutSeconds = Number(values['timeout-seconds']);
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 5)
    return { error: '--timeout-seconds must be a whole number, 5 or more' };
  let serial: string | null = null;
  if (values.serial !== undefined) {
    const parsed = serialNumberSchema.safeParse(values.serial);
    if (!parsed.success) return { error: `--serial: ${values.serial} is not 8 or 9 letters or digits` };
    serial = parsed.data;
  }
  const key = values['enrollment-key'] ?? null;
  if (key !== null && key.length < 16) return { error: '--enrollment-key must be 16 characters or longer' };
  // It goes into a shell command line: nothing the shell would read.
  if (key !== null && !/^[A-Za-z0-9._~-]+$/.test(key))
    return { error: '--enrollment-key may hold letters, digits, . _ ~ and - only' };
  if (!topicRootSchema.safeParse(values['topic-root']).success)
    return { error: '--topic-root must be /-separated letters, digits, _ or -' };
  return {
    options: {
      unit: values.unit ?? null,
      wait: values.wait,
      serial,
      enrollmentKey: key,
      family,
      timeoutSeconds,
      json: values.json ?? null,
      topicRoot: values['topic-root'],
    },
  };
}
