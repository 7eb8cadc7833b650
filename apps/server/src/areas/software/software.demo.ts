import type { Family } from '@ed/contract/families';
import { unlessAlreadyThere } from '../../shared/already-there.js';
import { DEMO_PACKAGES, demoPackagePath, writeDemoPackages } from './demo-packages.js';
import type { SoftwareRepository } from './software.repository.js';
import type { SoftwareService } from './software.service.js';

/**
 * Demo mode's packages under UPDATES_DIR, and one published release per family, through the same
 * service as the Software Versions screen. Instances starting at once each try: the service
 * publishes under a per-family lock, and the later ones get its 409, which is as good. `written`:
 * the packages' files, when the caller started writing them earlier (they need no database).
 */
export async function seedSoftwareDemo(
  updatesDir: string,
  service: SoftwareService,
  repository: SoftwareRepository,
  written: Promise<unknown> = writeDemoPackages(updatesDir),
): Promise<void> {
  await written;
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
