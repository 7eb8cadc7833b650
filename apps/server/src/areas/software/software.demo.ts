import type { FastifyBaseLogger } from 'fastify';
import type { Family } from '@ed/contract/families';
import { unlessAlreadyThere } from '../../shared/already-there.js';
import { DEMO_PACKAGES, demoPackagePath, writeDemoPackages } from './demo-packages.js';
import { demoSigner, type DemoSigner } from './demo-release-keys.js';
import type { ReleaseRoots } from './release-roots.js';
import type { SoftwareRepository } from './software.repository.js';
import type { SoftwareService } from './software.service.js';

/**
 * Demo mode's packages under UPDATES_DIR, signed by the demo's release keys unless the operator
 * pinned a root of their own (RELEASE_ROOT_FILE): then they are unsigned, and taken only while
 * unsigned packages are allowed. Resolves to the signer, whose root the console and units pin.
 */
export async function writeSignedDemoPackages(
  updatesDir: string,
  keysDir: string,
  ownRoot: boolean,
): Promise<DemoSigner | undefined> {
  const signer = ownRoot ? undefined : await demoSigner(keysDir);
  await writeDemoPackages(updatesDir, signer);
  return signer;
}

/**
 * One published release per family, through the same service as the Software Versions screen,
 * after the demo's root is pinned. Instances starting at once each try: the service publishes
 * under a per-family lock, and the later ones get its 409, which is as good. `written`: the
 * packages' files (writeSignedDemoPackages), started earlier since they need no database.
 */
export async function seedSoftwareDemo(
  service: SoftwareService,
  repository: SoftwareRepository,
  roots: ReleaseRoots,
  written: Promise<DemoSigner | undefined>,
  log: FastifyBaseLogger,
): Promise<void> {
  const signer = await written;
  // Pinned only when no root is: a console whose root was rotated keeps it.
  if (signer && (await roots.trust(signer.root, 'demo')) === 'unchanged' && !(await roots.isCurrent(signer.root))) {
    // Another instance, with a DATA_DIR of its own, made the demo's keys first: it publishes.
    log.warn('the demo packages here are signed by keys the console does not trust; another instance publishes them');
    return;
  }
  // One release per family: the families' locks are their own, so they are published side by side.
  await Promise.all(
    DEMO_PACKAGES.filter((d) => d.publish).map((p) => publishDemoPackage(service, repository, p.family, p.semantic)),
  );
}

/** Publishes one demo package (its files written already) unless it is published. */
export async function publishDemoPackage(
  service: SoftwareService,
  repository: SoftwareRepository,
  family: Family,
  semantic: string,
): Promise<void> {
  if (await repository.find(family, semantic)) return;
  const path = demoPackagePath(family, semantic);
  const { manifest } = await service.validate(family, path);
  await service
    .create(family, { version: manifest.version, prerequisite: manifest.prerequisites.require, family, path }, 'demo')
    .catch(unlessAlreadyThere);
}
