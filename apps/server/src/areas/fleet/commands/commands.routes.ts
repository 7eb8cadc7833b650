import type { CommandResponse } from '@ed/contract/commands';
import type { RouteReply } from '@ed/contract/http-api';
import type { ElevationKind } from '@ed/contract/elevations';
import type { DeviceCommandArgs, DeviceCommandName } from '@ed/contract/device-protocol';
import { commandRoutes, type CommandCall } from '@ed/contract/routes/commands';
import type { ActiveSession } from '../../../ports/session.js';
import { routesOf } from '../../../shared/route-table.js';

/** The 15 remote commands of part 1 §7, each a round trip to the unit, and the two that end an elevation early. */
/**
 * A command call's answer as its route types it: the service keeps each result as a record, and
 * the route's serializer checks it against the command's own result (COMMAND_CALL_RESULTS).
 */
const typed = <R extends CommandCall>(answer: Promise<CommandResponse>) => answer as unknown as Promise<RouteReply<R>>;

export default routesOf(commandRoutes, (app) => {
  /** Sends the command of `route` to the unit addressed, with the command's arguments. */
  const run = <C extends DeviceCommandName>(
    session: ActiveSession,
    route: CommandCall & { command: C },
    serialNumber: string,
    args: DeviceCommandArgs<C>,
  ) => app.fleet.service.run(session.user.role, route, serialNumber, args);
  /** The commands whose body is only the unit's serial number. */
  const serialOnly =
    <R extends CommandCall>(route: R) =>
    (req: { session: ActiveSession; body: { serialNumber: string } }) =>
      typed<R>(run(req.session, route, req.body.serialNumber, {}));
  /**
   * Raising (RCP, Open Port, INFO) lasts `durationMinutes` (default 1 h): once the unit took the
   * command, the elevation's end is recorded and the answer says when (docs/elevations.md).
   */
  const elevate = async (
    req: { session: ActiveSession; body: { serialNumber: string; durationMinutes?: number | undefined } },
    kind: ElevationKind,
    sent: Promise<CommandResponse>,
  ): Promise<CommandResponse> => {
    const answer = await sent;
    const { expiresAt } = await app.fleet.elevations.raised(
      req.session.user.username,
      req.body.serialNumber,
      kind,
      req.body.durationMinutes,
      app.clock(),
    );
    return { ...answer, result: { ...answer.result, expiresAt } };
  };
  /** Lowering it by hand (WARN, Close Port, End RCP): once the unit took it, nothing is left to revert. */
  const lower = async (
    req: { session: ActiveSession; body: { serialNumber: string } },
    kind: ElevationKind,
    sent: Promise<CommandResponse>,
  ): Promise<CommandResponse> => {
    const answer = await sent;
    await app.fleet.elevations.lowered(req.session.user.username, req.body.serialNumber, kind, app.clock());
    return answer;
  };
  return {
    getUsbStatus: serialOnly(commandRoutes.getUsbStatus),
    getPrinterStatus: serialOnly(commandRoutes.getPrinterStatus),
    getVoltages: serialOnly(commandRoutes.getVoltages),
    activateUnit: serialOnly(commandRoutes.activateUnit),
    getCalibrationLogs: serialOnly(commandRoutes.getCalibrationLogs),
    takeScreenShot: serialOnly(commandRoutes.takeScreenShot),
    rcp: (req) =>
      typed<typeof commandRoutes.rcp>(
        elevate(req, 'rcp', run(req.session, commandRoutes.rcp, req.body.serialNumber, {})),
      ),
    openSshPort: (req) =>
      typed<typeof commandRoutes.openSshPort>(
        elevate(req, 'sshPort', run(req.session, commandRoutes.openSshPort, req.body.serialNumber, {})),
      ),
    closeSshPort: (req) =>
      typed<typeof commandRoutes.closeSshPort>(
        lower(req, 'sshPort', run(req.session, commandRoutes.closeSshPort, req.body.serialNumber, {})),
      ),
    endRcp: (req) =>
      typed<typeof commandRoutes.endRcp>(
        lower(req, 'rcp', run(req.session, commandRoutes.endRcp, req.body.serialNumber, {})),
      ),
    checkNow: serialOnly(commandRoutes.checkNow),
    downloadNow: serialOnly(commandRoutes.downloadNow),
    installNow: serialOnly(commandRoutes.installNow),
    clearPendingUpdates: serialOnly(commandRoutes.clearPendingUpdates),
    setLoggingLevel: (req) => {
      const { serialNumber, loggingLevel } = req.body;
      const sent = run(req.session, commandRoutes.setLoggingLevel, serialNumber, { loggingLevel });
      return typed<typeof commandRoutes.setLoggingLevel>(
        loggingLevel === 'INFO' ? elevate(req, 'logLevel', sent) : lower(req, 'logLevel', sent),
      );
    },
    setTargetEolTypes: (req) =>
      typed<typeof commandRoutes.setTargetEolTypes>(
        run(req.session, commandRoutes.setTargetEolTypes, req.body.serialNumber, { targetType: req.body.targetType }),
      ),
    resetSerialNumber: (req) =>
      typed<typeof commandRoutes.resetSerialNumber>(
        run(req.session, commandRoutes.resetSerialNumber, req.body.currentSerialNumber, {
          newSerialNumber: req.body.newSerialNumber,
        }),
      ),
  };
});
