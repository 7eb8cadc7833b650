import type { FastifyBaseLogger } from 'fastify';
import { DIAGNOSTIC_ITEMS, type CollectDiagnosticsRequest, type DiagnosticItemName } from '@ed/contract/diagnostics';
import { updateStateLabel } from '@ed/contract/equipment';
import { mayUseControl } from '@ed/contract/permissions';
import { createTicketRequestSchema, TICKET_CLOSED_MESSAGE } from '@ed/contract/tickets';
import type { SystemCommands } from '../../ports/commands.js';
import { unitFacts, type UnitLookup } from '../../ports/equipment.js';
import type { ActiveSession } from '../../ports/session.js';
import { conflict, isDomainError, notFound } from '../../shared/domain-error.js';
import { statusDetail, voltagesDetail, diagnosticsSummary } from './diagnostics-summary.js';
import type { DiagnosticsRepository, ItemOutcome } from './diagnostics.repository.js';
import type { TicketsService } from './tickets.service.js';

type Unit = NonNullable<Awaited<ReturnType<UnitLookup['findBySerial']>>>;

/**
 * Diagnostic snapshots (docs/diagnostics.md): the unit is asked for its screen shot, voltages, USB
 * and printer status at once; its versions and update state come from its record. Each answer is
 * stored as it comes (the screen shot as a ticket attachment), so the console shows progress per
 * item; what does not come within the command timeout is missing, and the rest is kept.
 */
export class DiagnosticsService {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      repository: DiagnosticsRepository;
      tickets: TicketsService;
      equipment: UnitLookup;
      commands: SystemCommands;
      /** How long a pending item may stay pending before it counts as missing (a stopped server). */
      staleMs: number;
      logger: FastifyBaseLogger;
      clock: () => Date;
    },
  ) {}

  async collect(session: ActiveSession, body: CollectDiagnosticsRequest) {
    const ticketId = body.ticketId ?? (await this.ticketFor(session, body.serialNumber ?? ''));
    const ticket = await this.ticket(ticketId);
    if (ticket.closed) throw conflict(TICKET_CLOSED_MESSAGE(ticketId));
    const unit = await this.deps.equipment.findBySerial(ticket.serialNumber);
    if (!unit) throw notFound(`There is no unit with serial number ${ticket.serialNumber}.`);
    const id = await this.deps.repository.start(
      { ticketId, serialNumber: unit.serialNumber, requestedBy: session.user.username, startedAt: this.deps.clock() },
      DIAGNOSTIC_ITEMS,
    );
    await this.fromRecord(id, unit);
    const run = this.run(session, ticketId, id, unit).catch((err: unknown) =>
      this.deps.logger.error({ err, snapshot: id }, 'diagnostic snapshot failed'),
    );
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    const [snapshot] = await this.list(ticketId, id);
    if (!snapshot) throw notFound(`There is no diagnostic snapshot ${id}.`);
    return snapshot;
  }

  /** A ticket's snapshots; 404 for a ticket that does not exist. */
  async ofTicket(ticketId: number) {
    await this.ticket(ticketId);
    return this.list(ticketId);
  }

  list(ticketId: number, only?: number) {
    const now = this.deps.clock().getTime();
    return this.deps.repository.list(ticketId, (startedAt) => now - startedAt.getTime() > this.deps.staleMs, only);
  }

  /** Collections in flight end before the server closes (each within the command timeout). */
  async drain(): Promise<void> {
    await Promise.all(this.running);
  }

  private async ticket(id: number) {
    const ticket = await this.deps.repository.ticket(id);
    if (!ticket) throw notFound(`There is no ticket ${id}.`);
    return ticket;
  }

  /** From the equipment detail: the unit's newest open ticket, or a new one, not escalated. */
  private async ticketFor(session: ActiveSession, serialNumber: string): Promise<number> {
    const open = await this.deps.repository.openTicketOf(serialNumber);
    if (open !== null) return open;
    const created = await this.deps.tickets.create(
      session,
      createTicketRequestSchema.parse({
        issuerUsername: session.user.username,
        serialNumber,
        escalated: false,
        description: 'Diagnostic snapshot collected from the equipment detail.',
      }),
    );
    return created.id;
  }

  private async fromRecord(id: number, unit: Unit): Promise<void> {
    const collectedAt = this.deps.clock();
    const state = unit.updateState?.state ?? null;
    await this.deps.repository.settle(id, 'versions', {
      state: 'done',
      detail: `${unit.versionSemantic ?? 'unknown version'}, specs ${unit.specs?.name ?? 'unknown'}`,
      payload: {
        version: unit.versionSemantic,
        systemClass: unit.systemClass,
        boardClass: unit.boardClass,
        specs: unit.specs,
        specsExpiration: unit.specsExpiration,
        pendingSoftwareDownload: unit.pendingSoftwareDownload,
      },
      collectedAt,
    });
    const label = state ? updateStateLabel(state) : 'unknown';
    await this.deps.repository.settle(id, 'updateState', {
      state: 'done',
      detail: label,
      payload: { state, label },
      collectedAt,
    });
  }

  private async run(session: ActiveSession, ticketId: number, id: number, unit: Unit): Promise<void> {
    const asked: DiagnosticItemName[] = ['screenShot', 'voltages', 'usb', 'printer'];
    await Promise.all(
      asked.map(async (item) => {
        const outcome = await this.ask(session, ticketId, item, unit).catch((err: unknown) => this.missing(err));
        await this.deps.repository.settle(id, item, outcome);
      }),
    );
    const [snapshot] = await this.list(ticketId, id);
    if (!snapshot) return;
    const summary = diagnosticsSummary(unit.serialNumber, session.user.username, snapshot.items);
    // The comment goes first: a finished snapshot promises its summary is on the ticket.
    await this.deps.tickets
      .comment(session, { ticketId, authorUsername: session.user.username, text: summary })
      .catch((err: unknown) => this.deps.logger.info({ err, ticketId }, 'diagnostics summary not commented'));
    await this.deps.repository.finish(id, summary, this.deps.clock());
  }

  private async ask(session: ActiveSession, ticketId: number, item: DiagnosticItemName, unit: Unit) {
    const serial = unit.serialNumber;
    const done = (fields: Omit<ItemOutcome, 'state' | 'collectedAt'>): ItemOutcome => ({
      state: 'done',
      collectedAt: this.deps.clock(),
      ...fields,
    });
    switch (item) {
      case 'screenShot': {
        if (!mayUseControl(session.user.role, 'screenShot', unitFacts(unit))) {
          return { state: 'missing', detail: 'Not available on this unit', collectedAt: this.deps.clock() } as const;
        }
        const { answer } = await this.deps.commands.collect(serial, 'get_screen_shot', {});
        const attachment = await this.deps.tickets.attach(session, {
          ticketId,
          authorUsername: session.user.username,
          data: Buffer.from(answer.image, 'base64'),
          description: `Screen shot of ${serial} (diagnostics)`,
        });
        return done({ detail: `Attached (${attachment.id})`, attachmentId: attachment.id });
      }
      case 'voltages': {
        const { answer } = await this.deps.commands.collect(serial, 'get_voltages', {});
        return done({ detail: voltagesDetail(answer.voltages), payload: { voltages: answer.voltages } });
      }
      case 'usb':
      case 'printer': {
        const command = item === 'usb' ? 'get_usb_status' : 'get_printer_status';
        const { answer } = await this.deps.commands.collect(serial, command, {});
        return done({ detail: statusDetail(answer.status), payload: { status: answer.status } });
      }
      default:
        throw new Error(`${item} is read from the unit's record`);
    }
  }

  private missing(err: unknown): ItemOutcome {
    const collectedAt = this.deps.clock();
    if (isDomainError(err, 'conflict')) return { state: 'missing', detail: 'Unit not connected', collectedAt };
    if (isDomainError(err, 'unitSilent')) return { state: 'missing', detail: 'No answer in time', collectedAt };
    if (isDomainError(err)) return { state: 'missing', detail: err.message, collectedAt };
    this.deps.logger.warn({ err }, 'a diagnostic item failed');
    return { state: 'missing', detail: 'The server could not keep the answer', collectedAt };
  }
}
