import { unlessAlreadyThere } from '../../shared/already-there.js';
import type { EasyService } from './easy.service.js';

const DEMO_FIXTURES = [
  { serialNumber: 'EZ-DEMO-001', package: 0 },
  { serialNumber: 'EZ-DEMO-002', package: 1 },
  { serialNumber: 'EZ-DEMO-003', package: 4 },
];
const DEMO_TARGETS = [
  { targetName: 'Front Camera Target', targetId: 101, packageIndex: 0 },
  { targetName: 'Front Radar Reflector', targetId: 201, packageIndex: 1 },
  { targetName: 'VAG Lane Assist Panel', targetId: 401, packageIndex: 4 },
];

/**
 * Demo mode's EZ ADAS data, put in through the same service the console uses. Only what is
 * missing is created, so changes made in the console survive a restart; instances starting at
 * once each create what they win (a fixture's subscription is set by the one that created it).
 */
export async function seedEasyDemo(service: EasyService): Promise<{ fixtures: string[]; targetIds: number[] }> {
  for (const fixture of DEMO_FIXTURES) {
    if (await service.createFixture(fixture.serialNumber)) await service.subscribe(fixture);
  }
  for (const target of DEMO_TARGETS) {
    await service.createTarget(target).catch(unlessAlreadyThere);
  }
  return { fixtures: DEMO_FIXTURES.map((f) => f.serialNumber), targetIds: DEMO_TARGETS.map((t) => t.targetId) };
}
