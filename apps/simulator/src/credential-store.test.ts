import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileCredentialStore } from './credential-store.js';

let dir: string | undefined;
afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

const credential = { deviceToken: 'token-1', websocketPath: '/mqtt', topicRoot: 'ed/v1' };

describe('credentials kept in a file', () => {
  it('are there at the next start, the file readable by its owner only', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ed-credentials-'));
    const file = path.join(dir, 'fleet', 'credentials.json');
    const first = new FileCredentialStore(file);
    first.set('A1234567', credential);
    first.set('B1234567', { ...credential, deviceToken: 'token-2' });
    first.delete('B1234567');
    first.flush();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = new FileCredentialStore(file);
    expect(again.get('A1234567')).toEqual(credential);
    expect(again.get('B1234567')).toBeUndefined();
  });

  it('starts empty on a file that cannot be read as credentials', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ed-credentials-'));
    const file = path.join(dir, 'credentials.json');
    await writeFile(file, '{ half a file');
    const store = new FileCredentialStore(file);
    expect(store.get('A1234567')).toBeUndefined();
    store.set('A1234567', credential);
    store.flush();
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ A1234567: credential });
  });
});
