import { z } from 'zod';

export const FAMILIES = ['aligner', 'gtps', 'aligner-oasis'] as const;
export const familySchema = z.enum(FAMILIES);
export type Family = z.infer<typeof familySchema>;

export const FAMILY_LABELS: Record<Family, string> = {
  aligner: 'Aligners',
  gtps: 'Tru-Point',
  'aligner-oasis': 'Aligners-Oasis',
};
