import type { TruPointService } from './trupoint.service.js';

export const DEMO_VENDOR = 'Demo Shop Systems';

/** Demo mode's vendor: created once; each start issues it a fresh key for the simulator's shop system. */
export async function demoVendorKey(
  service: TruPointService,
  exists: (name: string) => Promise<boolean>,
): Promise<string> {
  if (!(await exists(DEMO_VENDOR))) await service.createVendor(DEMO_VENDOR);
  return (await service.createKey(DEMO_VENDOR)).apiKey;
}
