import { reportsRoutes } from '@ed/contract/routes/reports';
import { sendStoredFile } from '../../../shared/file-store/send-file.js';
import { routesOf } from '../../../shared/route-table.js';

/** The reads of what commands left behind: screen shots and the latest reports. */
export default routesOf(reportsRoutes, (app) => {
  const unitId = async (serialNumber: string) => (await app.fleet.service.findUnit(serialNumber)).id;
  const latestStatus = async (serialNumber: string, kind: 'printer' | 'usb') => {
    const latest = await app.fleet.reports.latest(await unitId(serialNumber), kind);
    return latest ? { status: (latest.payload as { status: string }).status, createdAt: latest.createdAt } : null;
  };
  return {
    getUnitRefusals: async (req) => {
      const { serialNumber } = await app.fleet.service.findUnit(req.query.serialNumber);
      const found = await app.fleet.refusalCounts.find(serialNumber);
      if (!found) return { serialNumber, total: 0, byReason: {}, last: null };
      const { total, byReason, lastTopic: topic, lastReason: reason, lastProblems: problems, lastAt } = found;
      return { serialNumber, total, byReason, last: { topic, reason, problems, at: lastAt.toISOString() } };
    },
    getScreenShots: async (req) => app.fleet.screenShots.list(await unitId(req.query.serialNumber)),
    getScreenShot: async (req, reply) => {
      const { key, fileName } = await app.fleet.screenShots.image(req.query.id);
      return sendStoredFile(req, reply, app.files, key, { contentType: 'image/png', downloadName: fileName });
    },
    deleteScreenShot: async (req) => {
      await app.fleet.screenShots.delete(req.query.id);
      return { message: `Screen shot ${req.query.id} deleted.` };
    },
    getLatestVoltages: async (req) => {
      const latest = await app.fleet.reports.latest(await unitId(req.query.serialNumber), 'voltages');
      return latest ? { ...(latest.payload as { voltages: never }), createdAt: latest.createdAt } : null;
    },
    getLatestPrinterStatus: (req) => latestStatus(req.query.serialNumber, 'printer'),
    getLatestUsbStatus: (req) => latestStatus(req.query.serialNumber, 'usb'),
  };
});
