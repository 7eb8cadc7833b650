import { unlessAlreadyThere } from '../../shared/already-there.js';
import type { TruPointService } from './trupoint.service.js';

const DEMO_VENDOR = 'Demo Shop Systems';

/** Demo mode's vendor, created once however many instances start at the same moment. */
export async function seedVendorDemo(service: TruPointService): Promise<void> {
  await service.createVendor(DEMO_VENDOR).then(() => undefined, unlessAlreadyThere);
}

/** A fresh key for the simulator's shop system, issued each time the demo fleet starts. */
export async function demoVendorKey(service: TruPointService): Promise<string> {
  return (await service.createKey(DEMO_VENDOR)).apiKey;
}
