import { z } from 'zod';

/**
 * The MQTT topics of a deployment (docs/device-protocol.md). Every topic of a unit sits under
 * `<root>/<serial>/`; the root is the deployment's namespace, so two deployments on one broker
 * never see each other's units. A unit learns the root from its registration answer.
 */
export const DEFAULT_TOPIC_ROOT = 'ed/v1';

export const topicRootSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, 'must be letters, digits, _ or - in /-separated levels');

export type TopicKind = 'status' | 'state' | 'cmd' | 'reply' | 'pairing' | 'calibration' | 'error';

export interface ParsedTopic {
  serialNumber: string;
  kind: TopicKind;
  /** The instance a reply is addressed to (`<root>/<serial>/reply/<instance>`), if any. */
  instance?: string;
}

export function deviceTopics(root: string = DEFAULT_TOPIC_ROOT) {
  topicRootSchema.parse(root);
  const pattern = new RegExp(
    `^${root}/([^/+#]+)/(?:(status|state|cmd|pairing|calibration|error)|reply(?:/([A-Za-z0-9_-]{1,64}))?)$`,
  );
  const of = (kind: string) => (serial: string) => `${root}/${serial}/${kind}`;
  return {
    root,
    status: of('status'),
    state: of('state'),
    command: of('cmd'),
    /** Where a unit answers a command that names no `replyTo` (units older than per-instance replies). */
    reply: of('reply'),
    /** The reply topic of one server instance: only the instance waiting for an answer gets it. */
    replyFor: (serial: string, instance: string) => `${root}/${serial}/reply/${instance}`,
    /** A Tru-Point's progress in a vendor pairing: calibrations, completion, abort. */
    pairing: of('pairing'),
    /** A unit's own upload of a camera calibration it has just run. */
    calibration: of('calibration'),
    /** The server's answer to a message of the unit it refused (device-errors.ts); the unit subscribes to it. */
    error: of('error'),
    /** What the instances share (each message is handled by one): status, state, pairing, calibration. */
    unitFilters: [`${root}/+/status`, `${root}/+/state`, `${root}/+/pairing`, `${root}/+/calibration`],
    /** Every instance sees the replies without an address; each keeps only its own commands' answers. */
    sharedReplyFilter: `${root}/+/reply`,
    instanceReplyFilter: (instance: string) => `${root}/+/reply/${instance}`,
    parse(topic: string): ParsedTopic | null {
      const match = pattern.exec(topic);
      if (!match) return null;
      const serialNumber = match[1]!;
      if (match[2]) return { serialNumber, kind: match[2] as TopicKind };
      return match[3] ? { serialNumber, kind: 'reply', instance: match[3] } : { serialNumber, kind: 'reply' };
    },
  };
}

export type DeviceTopics = ReturnType<typeof deviceTopics>;
