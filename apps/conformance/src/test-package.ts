import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

interface PackageFile {
  name: string;
  body: Buffer;
}

/** A software package the kit stages itself: one file and its `.sha256`, as a release's are. */
export interface TestPackage {
  id: string;
  version: { semantic: string; meta: string };
  files: PackageFile[];
}

/** Big enough for a unit to report progress on, small enough to come in well under a second. */
const PACKAGE_BYTES = 256 * 1024;

export function makePackage(semantic: string): TestPackage {
  const name = `conformance-${semantic}.swu`;
  const body = randomBytes(PACKAGE_BYTES);
  const digest = createHash('sha256').update(body).digest('hex');
  return {
    id: randomUUID(),
    version: { semantic, meta: 'conformance' },
    files: [
      { name, body },
      { name: `${name}.sha256`, body: Buffer.from(`${digest}  ${name}\n`) },
    ],
  };
}

/** The `files` of a `stage` command. */
export const stagedFiles = (pkg: TestPackage) => pkg.files.map((f) => ({ name: f.name, size: f.body.length }));

export const PACKAGES_PATH = '/conformance/packages/';

/** The Basic credentials of a request, if it has them. */
export function basicOf(req: IncomingMessage): { username: string; password: string } | null {
  const match = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? null : { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

/**
 * Serves the staged packages as the server serves its own (docs/device-protocol.md, "Staging and
 * package download"): only with Basic serial:token, and `Range: bytes=N-` answered 206. Answers
 * with the status and the bytes sent, for the kit's record.
 */
export function servePackageFile(
  req: IncomingMessage,
  res: ServerResponse,
  packages: ReadonlyMap<string, TestPackage>,
  credentialOk: (basic: { username: string; password: string } | null) => boolean,
): { status: number; bytes: number } {
  const [id = '', name = ''] = decodeURIComponent(
    (req.url ?? '').slice(PACKAGES_PATH.length).split('?')[0] ?? '',
  ).split('/');
  const send = (status: number, body: Buffer | string, headers: Record<string, string> = {}) => {
    res.writeHead(status, headers).end(body);
    return { status, bytes: typeof body === 'string' ? 0 : body.length };
  };
  if (!credentialOk(basicOf(req))) {
    return send(401, 'a package file needs the unit’s Basic credentials', {
      'www-authenticate': 'Basic realm="units"',
    });
  }
  const file = packages.get(id)?.files.find((f) => f.name === name);
  if (!file || req.method !== 'GET') return send(404, 'no such file');
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const size = file.body.length;
  if (!range) return send(200, file.body, { 'content-type': 'application/octet-stream', 'accept-ranges': 'bytes' });
  const start = Number(range[1]);
  if (start >= size) return send(416, '', { 'content-range': `bytes */${size}` });
  return send(206, file.body.subarray(start), {
    'content-type': 'application/octet-stream',
    'content-range': `bytes ${start}-${size - 1}/${size}`,
  });
}

/** A 1×1 PNG, the picture of the notification the kit sends. */
export const NOTIFICATION_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
