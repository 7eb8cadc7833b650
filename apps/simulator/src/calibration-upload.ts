import type { CameraCalibration } from '@ed/contract/device-protocol';
import type { DeviceTopics } from '@ed/contract/device-topics';
import { builtAt, type CommandTarget } from './commands.js';
import { calibrationLogs } from './reports/calibration.js';

/**
 * What a unit does after a camera calibration: it uploads the record on its `calibration` topic.
 * The simulator's units have run their newest calibration before they come online, so they
 * upload it on connecting; the gateway keeps each record once, however often it arrives.
 */
export function latestCalibration(target: CommandTarget): CameraCalibration | undefined {
  const history = calibrationLogs(
    target.seed,
    target.state.boardFeatures.numCameras,
    builtAt(target.serialNumber),
    new Date(target.clock.now()),
  );
  return history.at(-1);
}

export function uploadLatestCalibration(
  target: CommandTarget,
  topics: DeviceTopics,
  publish: (topic: string, message: unknown) => void,
): void {
  const record = latestCalibration(target);
  if (record) publish(topics.calibration(target.serialNumber), record);
}
