import type { Family } from './families.js';

export type HostType = 'wired' | 'wireless' | 'N/A';

/** One row of the model-code table: the first 3 characters of a serial number say what the unit is. */
export interface ModelCode {
  readonly code: string;
  readonly model: string;
  readonly marketingName: string;
  readonly brand: string;
  readonly family: Family;
  readonly hostType: HostType;
}

const aligner = (code: string, model: string, marketingName: string, brand: string, hostType: HostType): ModelCode => ({
  code,
  model,
  marketingName,
  brand,
  family: 'aligner',
  hostType,
});

const truPoint = (code: string, model: string, marketingName: string): ModelCode => ({
  code,
  model,
  marketingName,
  brand: 'Tru-Point',
  family: 'gtps',
  hostType: 'N/A',
});

const oasis = (code: string, model: string, marketingName: string, hostType: HostType): ModelCode => ({
  code,
  model,
  marketingName,
  brand: 'Alineo',
  family: 'aligner-oasis',
  hostType,
});

/**
 * The 42 model codes of the fleet. Brands and product names are invented: the spec leaves the maker
 * unnamed. Aligners host a console over a cable (wired) or a radio link (wireless); a Tru-Point
 * measuring head has no host of its own, hence N/A.
 */
export const MODEL_CODES: readonly ModelCode[] = [
  aligner('V33', 'V3300-W', 'V3300 Aligner', 'Alineo', 'wired'),
  aligner('V3W', 'V3300-WL', 'V3300 Aligner Wireless', 'Alineo', 'wireless'),
  aligner('V34', 'V3400-W', 'V3400 Aligner', 'Alineo', 'wired'),
  aligner('V4W', 'V3400-WL', 'V3400 Aligner Wireless', 'Alineo', 'wireless'),
  aligner('V36', 'V3600-W', 'V3600 Aligner', 'Alineo', 'wired'),
  aligner('V6W', 'V3600-WL', 'V3600 Aligner Wireless', 'Alineo', 'wireless'),
  aligner('V5E', 'V5000-E', 'V5000 Aligner Export', 'Alineo', 'wired'),
  aligner('PA1', 'PA220', 'TrueTrack', 'Alineo', 'wired'),
  aligner('PA2', 'PA220-WL', 'TrueTrack Wireless', 'Alineo', 'wireless'),
  aligner('PA3', 'PA320', 'TrueTrack 3', 'Alineo', 'wired'),
  aligner('QC1', 'QC100', 'SwiftCheck Aligner', 'Alineo', 'wired'),
  aligner('QC2', 'QC200', 'SwiftCheck Drive', 'Alineo', 'wired'),
  aligner('CT1', 'CT2100', 'CamTower 2100 Aligner', 'Alineo', 'wired'),
  aligner('CT2', 'CT2200', 'CamTower 2200 Aligner', 'Alineo', 'wired'),
  aligner('CT3', 'CT2200-WL', 'CamTower 2200 Aligner Wireless', 'Alineo', 'wireless'),
  aligner('DX1', 'DX900', 'DualTrack DX Aligner', 'Alineo', 'wired'),
  aligner('DX2', 'DX900-WL', 'DualTrack DX Aligner Wireless', 'Alineo', 'wireless'),
  aligner('RA1', 'RA450', 'RapidAlign 450', 'Alineo', 'wired'),
  aligner('RA2', 'RA450-WL', 'RapidAlign 450 Wireless', 'Alineo', 'wireless'),
  aligner('HE1', 'KE421', 'Kestrel Elite', 'Kestrel', 'wired'),
  aligner('HE2', 'KE421-WL', 'Kestrel Elite Wireless', 'Kestrel', 'wireless'),
  aligner('HE3', 'KE431', 'Kestrel Elite 3', 'Kestrel', 'wired'),
  aligner('HE4', 'KE431-WL', 'Kestrel Elite 3 Wireless', 'Kestrel', 'wireless'),
  aligner('HEM', 'KE421-M', 'Kestrel Elite Mobile', 'Kestrel', 'wireless'),
  aligner('HEC', 'KE421-C', 'Kestrel Elite Console', 'Kestrel', 'wired'),
  aligner('HET', 'KE500-T', 'Kestrel Elite Tower', 'Kestrel', 'wired'),
  truPoint('TP1', 'TP100', 'Tru-Point measuring head'),
  truPoint('TP2', 'TP200', 'Tru-Point 200 measuring head'),
  truPoint('TP3', 'TP300', 'Tru-Point 300 measuring head'),
  truPoint('TPL', 'TP200-L', 'Tru-Point Lift measuring head'),
  truPoint('TPX', 'TP300-X', 'Tru-Point XL measuring head'),
  truPoint('TPM', 'TP100-M', 'Tru-Point Mobile measuring head'),
  truPoint('TPR', 'TP300-R', 'Tru-Point Rail measuring head'),
  truPoint('TPS', 'TP200-S', 'Tru-Point Service measuring head'),
  oasis('OA1', 'OA100', 'Oasis Aligner', 'wired'),
  oasis('OA2', 'OA100-WL', 'Oasis Aligner Wireless', 'wireless'),
  oasis('OA3', 'OA200', 'Oasis 200 Aligner', 'wired'),
  oasis('OA4', 'OA200-WL', 'Oasis 200 Aligner Wireless', 'wireless'),
  oasis('OAC', 'OA200-C', 'Oasis Compact Aligner', 'wired'),
  oasis('OAM', 'OA300-M', 'Oasis Mobile Aligner', 'wireless'),
  oasis('OAP', 'OA300', 'Oasis Pro Aligner', 'wired'),
  oasis('OAX', 'OA300-WL', 'Oasis Pro Aligner Wireless', 'wireless'),
];
