import type { ReleaseSigned, RootMetadata } from '@ed/contract/release-metadata';
import { isOlder } from '@ed/contract/versions';
import { TrustError, verifyRelease, walkRoots } from '@ed/release-trust/verify';

/**
 * The release root a unit pinned at the factory (docs/signed-updates.md). It moves on only along
 * roots each signed by the one before, which stage commands carry; nothing the server says
 * otherwise changes it.
 */
export class PinnedRoot {
  constructor(public root: RootMetadata) {}
}

/** What a stage command carries for the unit to check on its own. */
export interface SignedStage {
  release?: unknown;
  roots?: unknown[];
  files: { name: string; size: number }[];
}

/** A file as the unit will accept it: the size and SHA-256 release engineering signed. */
export type SignedFile = { name: string; size: number; sha256: string };

function sameFiles(signed: ReleaseSigned, staged: SignedStage['files']): SignedFile[] {
  const byName = new Map(signed.files.map((f) => [f.name, f]));
  if (staged.length !== signed.files.length) {
    throw new TrustError(
      'metadata',
      `the command names ${staged.length} files, the signed release ${signed.files.length}`,
    );
  }
  return staged.map((file) => {
    const mine = byName.get(file.name);
    if (!mine) throw new TrustError('metadata', `${file.name} is not in the signed release`);
    if (mine.size !== file.size) {
      throw new TrustError('metadata', `${file.name} is staged as ${file.size} bytes, signed as ${mine.size}`);
    }
    return mine;
  });
}

/** Walks the command's roots from the pin and checks the signatures and expiry: the signed release. */
function verified(pin: PinnedRoot, stage: SignedStage, now: Date): ReleaseSigned {
  if (stage.release === undefined) {
    throw new TrustError('unsigned', 'the staged update carries no signed release metadata');
  }
  pin.root = walkRoots(pin.root, stage.roots ?? [], now);
  return verifyRelease(stage.release, pin.root, now).release;
}

/**
 * A unit's check of a staged software update before it downloads a byte: signed by enough of its
 * root's release keys, not expired, for its family and the version staged, newer than what it
 * runs, with the files the command names. Returns the files to check while downloading; throws a
 * TrustError whose message the unit reports ("signature: no trusted key").
 */
export function checkStagedSoftware(
  pin: PinnedRoot,
  stage: SignedStage & { version: { semantic: string } },
  unit: { family: string; version: string },
  now: Date,
): SignedFile[] {
  const signed = verified(pin, stage, now);
  if (signed.kind !== 'software') throw new TrustError('metadata', `the signed release is a ${signed.kind} release`);
  if (signed.family !== unit.family) {
    throw new TrustError('metadata', `the signed release is for ${signed.family}, this unit is ${unit.family}`);
  }
  if (signed.version.semantic !== stage.version.semantic) {
    throw new TrustError(
      'metadata',
      `the signed release is ${signed.version.semantic}, staged as ${stage.version.semantic}`,
    );
  }
  if (!isOlder(unit.version, signed.version.semantic)) {
    throw new TrustError('rollback', `${signed.version.semantic} is not newer than the running ${unit.version}`);
  }
  return sameFiles(signed, stage.files);
}

const specOrder = (v: { month: number; year: number }) => v.year * 12 + v.month;

/** The same for a spec release: a release older than the unit's specs is a rollback. */
export function checkStagedSpecs(
  pin: PinnedRoot,
  stage: SignedStage & { version: { name: string; month: number; year: number } },
  installed: { month: number; year: number } | null,
  now: Date,
): SignedFile[] {
  const signed = verified(pin, stage, now);
  if (signed.kind !== 'spec') throw new TrustError('metadata', `the signed release is a ${signed.kind} release`);
  if (JSON.stringify(signed.version) !== JSON.stringify(stage.version)) {
    throw new TrustError('metadata', `the signed release is ${signed.version.name}, staged as ${stage.version.name}`);
  }
  if (installed && specOrder(signed.version) < specOrder(installed)) {
    throw new TrustError(
      'rollback',
      `${signed.version.name} (${signed.version.month}/${signed.version.year}) is older than the installed specs`,
    );
  }
  return sameFiles(signed, stage.files);
}
