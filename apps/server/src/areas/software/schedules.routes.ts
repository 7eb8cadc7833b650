import { schedulesRoutes } from '@ed/contract/routes/schedules';
import { routesOf } from '../../shared/route-table.js';

/** The Schedule dialog's calls (part 2 §7). */
export default routesOf(schedulesRoutes, (app) => ({
  searchSerials: (request) => app.software.schedules.searchSerials(request.query, request.session.user.id),
  getScheduleConflicts: (request) => {
    const { semantic, ...units } = request.query;
    return app.software.schedules.conflicts(units, semantic, request.session.user.id);
  },
  createSchedule: async (request) => {
    const { serialNumbers, viewId, version, date } = request.body;
    const created = await app.software.schedules.create({
      serialNumbers,
      viewId,
      semantic: version.semantic,
      date,
      user: request.session.user,
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
