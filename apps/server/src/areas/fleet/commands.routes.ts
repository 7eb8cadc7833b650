import type { CommandRoute } from '@ed/contract/commands';
import type { DeviceCommandArgs, DeviceCommandName } from '@ed/contract/device-protocol';
import { commandRoutes } from '@ed/contract/routes/commands';
import type { ActiveSession } from '../../ports/session.js';
import { routesOf } from '../../shared/route-table.js';

/** The 15 remote commands of part 1 §7, each a round trip to the unit. */
export default routesOf(commandRoutes, (app) => {
  /** Sends the command of `route` to the unit addressed, with the command's arguments. */
  const run = <C extends DeviceCommandName>(
    session: ActiveSession,
    route: CommandRoute & { command: C },
    serialNumber: string,
    args: DeviceCommandArgs<C>,
  ) => app.fleet.service.run(session.user.role, route, serialNumber, args);
  /** The commands whose body is only the unit's serial number. */
  const serialOnly = (route: CommandRoute) => (req: { session: ActiveSession; body: { serialNumber: string } }) =>
    run(req.session, route, req.body.serialNumber, {});
  return {
    getUsbStatus: serialOnly(commandRoutes.getUsbStatus),
    getPrinterStatus: serialOnly(commandRoutes.getPrinterStatus),
    getVoltages: serialOnly(commandRoutes.getVoltages),
    activate: serialOnly(commandRoutes.activate),
    getCalibrationLogs: serialOnly(commandRoutes.getCalibrationLogs),
    getScreenShot: serialOnly(commandRoutes.getScreenShot),
    rcp: serialOnly(commandRoutes.rcp),
    openSshPort: serialOnly(commandRoutes.openSshPort),
    checkNow: serialOnly(commandRoutes.checkNow),
    downloadNow: serialOnly(commandRoutes.downloadNow),
    installNow: serialOnly(commandRoutes.installNow),
    clearPendingUpdates: serialOnly(commandRoutes.clearPendingUpdates),
    setLoggingLevel: (req) =>
      run(req.session, commandRoutes.setLoggingLevel, req.body.serialNumber, { loggingLevel: req.body.loggingLevel }),
    setTargetEolTypes: (req) =>
      run(req.session, commandRoutes.setTargetEolTypes, req.body.serialNumber, { targetType: req.body.targetType }),
    resetSerialNumber: (req) =>
      run(req.session, commandRoutes.resetSerialNumber, req.body.currentSerialNumber, {
        newSerialNumber: req.body.newSerialNumber,
      }),
  };
});
