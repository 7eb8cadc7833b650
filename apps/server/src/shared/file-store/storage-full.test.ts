import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.js';
import { STORAGE_FULL, storageFullOr } from './storage-full.js';

describe('storageFullOr', () => {
  it('turns a write on a full disk into 507 with a sentence', async () => {
    // /dev/full answers every write with ENOSPC, as a full file system does.
    const failure = existsSync('/dev/full')
      ? await writeFile('/dev/full', 'bytes').catch((err: unknown) => err)
      : Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const mapped = storageFullOr(failure);
    expect(mapped).toBeInstanceOf(DomainError);
    expect(mapped).toMatchObject({ kind: 'storageFull', message: STORAGE_FULL });
  });

  it('does the same for a spent quota', () => {
    expect(storageFullOr(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toMatchObject({ kind: 'storageFull' });
  });

  it('leaves every other failure as it is', () => {
    const denied = Object.assign(new Error('permission denied'), { code: 'EACCES' });
    expect(storageFullOr(denied)).toBe(denied);
    expect(storageFullOr(null)).toBeNull();
  });
});
