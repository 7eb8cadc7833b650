import type { UnitFacts, unitRules } from './permissions.js';

/**
 * Each rule of `unitRules` in words, for the 403 of a command a unit cannot take and for the
 * device guide (docs/device-protocol.md, "Commands"): what a unit must report to be offered it.
 */
export const UNIT_RULE_TEXTS: Record<keyof typeof unitRules, string> = {
  rcp: 'RCP needs software 5.0.0 or later and a DD board (boardFeatures.isDDAligner true)',
  resetSerial: 'Reset Serial needs software 4.3.0 or later on an aligner (any version on other families)',
  changeTargets:
    'Change Targets needs two cameras (boardFeatures.numCameras 2) and system class DRAGON or DRAGON_HEADLESS',
  activate: 'Activate needs software 4.4.0 or later on an aligner (any version on other families)',
  screenShot:
    'Screen Shot needs software 4.3.0 or later and a system class other than DRAGON_HEADLESS on an aligner, 1.0.0 or later on other families',
  loggingLevel:
    'The logging level needs software 5.0.0 or later on an aligner, 1.2.0 on a Tru-Point, 1.0.0 on an aligner-oasis',
  specsDisplay: 'Specs are shown from software 5.0.0 (1.3.0 on a Tru-Point)',
  boardFeatures: 'Board features are shown from software 5.0.0',
  updateStatus:
    'The update commands need software 4.3.0 or later on an aligner, 1.0.0 or later on a Tru-Point; an aligner-oasis has none',
  reportButtons: 'The USB, Printer and Voltages reports are off for every unit',
};

/** What a unit reports of the facts the rules read: "software 4.9.2, system class DRAGON, 1 camera, no DD board". */
export function reportedFacts(unit: UnitFacts): string {
  const features = unit.boardFeatures;
  const parts = [
    `${unit.family} software ${unit.version?.semantic ?? 'unknown'}`,
    `system class ${unit.systemClass ?? 'none'}`,
    features?.numCameras == null
      ? 'no camera count'
      : `${features.numCameras} camera${features.numCameras === 1 ? '' : 's'}`,
    features?.isDDAligner ? 'a DD board' : 'no DD board',
  ];
  return parts.join(', ');
}
