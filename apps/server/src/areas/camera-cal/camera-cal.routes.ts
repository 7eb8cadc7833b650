import { cameraCalRoutes } from '@ed/contract/routes/camera-cal';
import { routesOf } from '../../shared/route-table.js';

/** The camera calibrations screen (part 2 §2): every signed-in user reads it. */
export default routesOf(cameraCalRoutes, (app) => ({
  listCameraCals: async (req) => app.cameraCal.list(req.query.page, req.query.filterSerialNumber),
}));
