import { schedulesRoutes } from '@ed/contract/routes/schedules';
import { routesOf } from '../../shared/route-table.js';

/** The Schedule dialog's calls (part 2 §7). */
export default routesOf(schedulesRoutes, (app) => ({
  searchSerials: (request) => app.software.schedules.searchSerials(request.query.filterSerialNumber),
  getScheduleConflicts: (request) =>
    app.software.schedules.conflicts(request.query.filterSerialNumber, request.query.semantic),
  createSchedule: async (request) => {
    const { serialNumbers, version, date } = request.body;
    const created = await app.software.schedules.create({
      serialNumbers,
      semantic: version.semantic,
      date,
      username: request.session.user.username,
    });
    app.live.broadcast('NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED', {
      date: `${created.date}T00:00:00.000Z`,
      version: created.version,
      count: created.count,
    });
    return created;
  },
  getScheduleByDay: () => app.software.schedules.byDay(),
}));
