import type { CameraCalRecord } from '@ed/contract/camera-cal';
import { cameraCalRoutes } from '@ed/contract/routes/camera-cal';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf } from '../../shared/route-table.js';

const serials = (boards: CameraCalRecord['LeftBoards']) => boards.map((b) => b.SerialNumber).join(', ');

/** The columns of the Camera Calibrations table (Actions aside) and the unit that sent the record. */
const CAMERA_CAL_COLUMNS: CsvColumn<CameraCalRecord>[] = [
  { header: 'Unit', value: (c) => c.serialNumber },
  { header: 'Operator', value: (c) => c.Operator },
  { header: 'Version', value: (c) => c.Version },
  { header: 'Date (UTC)', value: (c) => c.Date },
  { header: 'Left Boards', value: (c) => serials(c.LeftBoards) },
  { header: 'Right Boards', value: (c) => serials(c.RightBoards) },
];

/** The camera calibrations screen (part 2 §2): every signed-in user reads it. */
export default routesOf(cameraCalRoutes, (app) => ({
  listCameraCals: async (req) => app.cameraCal.list(req.query.page, req.query.filterSerialNumber),
  exportCameraCals: async (req, reply) =>
    sendCsv(reply, {
      fileName: 'camera-calibrations.csv',
      columns: CAMERA_CAL_COLUMNS,
      source: app.cameraCal.exportSource(req.query.filterSerialNumber),
      logger: req.log,
    }),
}));
