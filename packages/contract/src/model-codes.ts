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
  brand: 'Hunter',
  family: 'aligner-oasis',
  hostType,
});

/**
 * The 42 model codes of the fleet. Aligners host a console over a cable (wired) or a radio link
 * (wireless); a Tru-Point measuring head has no host of its own, hence N/A.
 */
export const MODEL_CODES: readonly ModelCode[] = [
  aligner('V33', 'V3300-W', 'V3300 Aligner', 'Hunter', 'wired'),
  aligner('V3W', 'V3300-WL', 'V3300 Aligner Wireless', 'Hunter', 'wireless'),
  aligner('V34', 'V3400-W', 'V3400 Aligner', 'Hunter', 'wired'),
  aligner('V4W', 'V3400-WL', 'V3400 Aligner Wireless', 'Hunter', 'wireless'),
  aligner('V36', 'V3600-W', 'V3600 Aligner', 'Hunter', 'wired'),
  aligner('V6W', 'V3600-WL', 'V3600 Aligner Wireless', 'Hunter', 'wireless'),
  aligner('V5E', 'V5000-E', 'V5000 Aligner Export', 'Hunter', 'wired'),
  aligner('PA1', 'PA220', 'ProAlign', 'Hunter', 'wired'),
  aligner('PA2', 'PA220-WL', 'ProAlign Wireless', 'Hunter', 'wireless'),
  aligner('PA3', 'PA320', 'ProAlign 3', 'Hunter', 'wired'),
  aligner('QC1', 'QC100', 'Quick Check Aligner', 'Hunter', 'wired'),
  aligner('QC2', 'QC200', 'Quick Check Drive', 'Hunter', 'wired'),
  aligner('CT1', 'CT2100', 'CamTower 2100 Aligner', 'Hunter', 'wired'),
  aligner('CT2', 'CT2200', 'CamTower 2200 Aligner', 'Hunter', 'wired'),
  aligner('CT3', 'CT2200-WL', 'CamTower 2200 Aligner Wireless', 'Hunter', 'wireless'),
  aligner('DX1', 'DX900', 'DualTrack DX Aligner', 'Hunter', 'wired'),
  aligner('DX2', 'DX900-WL', 'DualTrack DX Aligner Wireless', 'Hunter', 'wireless'),
  aligner('RA1', 'RA450', 'RapidAlign 450', 'Hunter', 'wired'),
  aligner('RA2', 'RA450-WL', 'RapidAlign 450 Wireless', 'Hunter', 'wireless'),
  aligner('HE1', 'HE421', 'Hawkeye Elite', 'Hawkeye', 'wired'),
  aligner('HE2', 'HE421-WL', 'Hawkeye Elite Wireless', 'Hawkeye', 'wireless'),
  aligner('HE3', 'HE431', 'Hawkeye Elite 3', 'Hawkeye', 'wired'),
  aligner('HE4', 'HE431-WL', 'Hawkeye Elite 3 Wireless', 'Hawkeye', 'wireless'),
  aligner('HEM', 'HE421-M', 'Hawkeye Elite Mobile', 'Hawkeye', 'wireless'),
  aligner('HEC', 'HE421-C', 'Hawkeye Elite Console', 'Hawkeye', 'wired'),
  aligner('HET', 'HE500-T', 'Hawkeye Elite Tower', 'Hawkeye', 'wired'),
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
