import type { FastifyBaseLogger } from 'fastify';
import { PAGE_SIZE } from '@ed/contract/constants';
import { modelText } from '@ed/contract/serial-number';
import type { z } from 'zod';
import {
  TICKET_CLOSED_MESSAGE,
  type Attachment,
  type Comment,
  type CreateCommentRequest,
  type createTicketRequestSchema,
  type Ticket,
  type TicketHistoryItem,
  type TicketListResponse,
  type TicketSummary,
} from '@ed/contract/tickets';
import type { Db } from '../../db/client.js';
import type { UnitLookup } from '../../ports/equipment.js';
import type { LiveEvents } from '../../ports/live.js';
import type { ActiveSession } from '../../ports/session.js';
import { conflict, notFound } from '../../shared/domain-error.js';
import { assertOwnUsername } from '../../shared/own-username.js';
import type { FileStore } from '../../shared/file-store/file-store.js';
import { checkAttachmentImage } from './attachment-files.js';
import type { EscalationMailer } from './escalation-mail.js';
import { attachmentFileNames, toAttachment, toComment, toHistoryItem, toTicketSummary } from './ticket-view.js';
import type { TicketRow, TicketsRepository } from './tickets.repository.js';
import type { DomainEventBus } from '../../ports/domain-events.js';

type CreateTicket = z.output<typeof createTicketRequestSchema>;
type Unit = NonNullable<Awaited<ReturnType<UnitLookup['findBySerial']>>>;

/** The list's filter as parsed (without its page): the list and its export read it alike. */
interface TicketListInput {
  filterSerialNumber?: string;
  closed: boolean;
  mine: boolean;
  username?: string;
}

/** The ticket lifecycle of part 1 §4: open → closed (final), escalation on and off while open. */
export class TicketsService {
  constructor(
    private readonly deps: {
      tickets: TicketsRepository;
      equipment: UnitLookup;
      files: FileStore;
      live: LiveEvents;
      mail: EscalationMailer;
      /** Tells that a unit's open tickets changed (radar cards follow). */
      events: DomainEventBus;
      logger: FastifyBaseLogger;
    },
  ) {}

  async create(session: ActiveSession, body: CreateTicket): Promise<Ticket> {
    assertOwnUsername(session, body.issuerUsername);
    const unit = await this.deps.equipment.findBySerial(body.serialNumber);
    if (!unit) throw notFound(`There is no unit with serial number ${body.serialNumber}.`);
    const row = await this.deps.tickets.db.transaction(async (tx) => {
      const created = await this.insertTicket(tx, session, body, unit);
      if (created.escalated) await this.escalated(tx, created.id, session.user.username);
      return created;
    });
    this.announce('REPORT_SUPPORT_TICKET_CREATED', row, session.user.username);
    void this.deps.mail.notify(row, { kind: 'created' });
    return this.read(row.id);
  }

  private insertTicket(tx: Db, session: ActiveSession, body: CreateTicket, unit: Unit) {
    return this.deps.tickets.insert(
      {
        serialNumber: unit.serialNumber,
        family: unit.family,
        model: modelText(unit.serialNumber),
        version: unit.versionSemantic ?? 'unknown',
        specs: unit.specs?.name ?? 'unknown',
        connected: unit.connected,
        issuerUsername: session.user.username,
        issuerEmail: session.user.email,
        originatorName: body.originatorName,
        originatorEmail: body.originatorEmail,
        techOnSite: body.techOnSite,
        exhibitingNow: body.exhibitingNow,
        reproducible: body.reproducible,
        disposition: body.disposition,
        inService: body.inService,
        componentsReplaced: body.componentsReplaced,
        description: body.description,
        circumstance: body.circumstance,
        attemptedResolution: body.attemptedResolution,
        environment: body.environment,
        other: body.other,
        issueStartedOn: body.issueStartedOn,
        escalated: body.escalated,
      },
      tx,
    );
  }

  /** Tells that a ticket was escalated, inside the change's transaction (webhooks commit with it). */
  private async escalated(tx: Db, id: number, by: string): Promise<void> {
    const ticket = await this.deps.tickets.find(id, tx);
    if (ticket) await this.deps.events.emit('ticketEscalated', { tx, ticket: toTicketSummary(ticket), by });
  }

  async list(session: ActiveSession, query: TicketListInput & { page: number }): Promise<TicketListResponse> {
    const { rows, total } = await this.deps.tickets.page(this.filterOf(session, query), query.page, PAGE_SIZE);
    return { docs: rows.map(toTicketSummary), totalDocs: total };
  }

  /** The list's rows for an export: the same filter (and the same own-username check), a page at a time. */
  exportSource(session: ActiveSession, query: TicketListInput) {
    const filter = this.filterOf(session, query);
    return {
      count: () => this.deps.tickets.count(filter),
      page: async (offset: number, limit: number) =>
        (await this.deps.tickets.rows(filter, offset, limit)).map(toTicketSummary),
    };
  }

  /** "Mine" is the caller's own tickets; a username sent along must be theirs. */
  private filterOf(session: ActiveSession, query: TicketListInput) {
    assertOwnUsername(session, query.username);
    return {
      includeClosed: query.closed,
      issuerUsername: query.mine ? session.user.username : undefined,
      serialContains: query.filterSerialNumber,
    };
  }

  async read(id: number): Promise<Ticket> {
    const row = await this.deps.tickets.find(id);
    if (!row) throw notFound(`There is no ticket ${id}.`);
    const [comments, attachments] = await Promise.all([
      this.deps.tickets.comments([id]),
      this.deps.tickets.attachments(id),
    ]);
    const thumbnails = await this.deps.files.readSmall(attachments.map((a) => a.thumbKey));
    return {
      ...toTicketSummary(row),
      comments: comments.map(toComment),
      attachments: attachments.map((a) => toAttachment(a, thumbnails.get(a.thumbKey) ?? Buffer.alloc(0))),
    };
  }

  async history(serialNumber: string): Promise<TicketHistoryItem[]> {
    const rows = await this.deps.tickets.history(serialNumber);
    const comments = await this.deps.tickets.comments(rows.map((r) => r.id));
    return rows.map((row) => toHistoryItem(row, comments.filter((c) => c.ticketId === row.id).map(toComment)));
  }

  /** Escalating mails engineering at once (part 1 §2); de-escalating stops the mails. */
  async setEscalated(session: ActiveSession, id: number, escalated: boolean): Promise<TicketSummary> {
    const before = await this.change(id, async (tx, ticket) => {
      await this.deps.tickets.update(tx, id, { escalated });
      if (escalated && !ticket.escalated) await this.escalated(tx, id, session.user.username);
      return ticket;
    });
    await this.pushStatistics();
    const summary = await this.summary(id);
    if (escalated && !before.escalated) {
      void this.deps.mail.notify({ ...before, escalated }, { kind: 'escalated', by: session.user.username });
    }
    return summary;
  }

  async close(session: ActiveSession, id: number, username: string): Promise<TicketSummary> {
    assertOwnUsername(session, username);
    const row = await this.change(id, async (tx, ticket) => {
      await this.deps.tickets.update(tx, id, {
        closed: true,
        closedByUsername: session.user.username,
        closedAt: new Date(),
      });
      return ticket;
    });
    this.announce('REPORT_SUPPORT_TICKET_CLOSED', row, session.user.username);
    return this.summary(id);
  }

  async comment(session: ActiveSession, body: CreateCommentRequest): Promise<Comment> {
    assertOwnUsername(session, body.authorUsername);
    const { ticket, comment } = await this.change(body.ticketId, async (tx, ticket) => ({
      ticket,
      comment: await this.deps.tickets.insertComment(tx, {
        ticketId: ticket.id,
        authorUsername: session.user.username,
        text: body.text,
      }),
    }));
    this.announce('REPORT_SUPPORT_TICKET_COMMENT_CREATED', ticket, session.user.username);
    void this.deps.mail.notify(ticket, { kind: 'comment', author: session.user.username, text: body.text });
    return toComment(comment);
  }

  /** Refuses early (before the upload is read) a ticket that is missing or closed. */
  async assertOpen(id: number): Promise<void> {
    const row = await this.deps.tickets.find(id);
    if (!row) throw notFound(`There is no ticket ${id}.`);
    if (row.closed) throw conflict(TICKET_CLOSED_MESSAGE(id));
  }

  /** The image, its thumbnail and the attachment row commit together, on a ticket still open. */
  async attach(
    session: ActiveSession,
    input: { ticketId: number; authorUsername: string; data: Buffer; description: string },
  ): Promise<Attachment> {
    assertOwnUsername(session, input.authorUsername);
    await this.assertOpen(input.ticketId);
    const { files, ...image } = await checkAttachmentImage(input.data);
    const { ticket, row } = await this.deps.files.transaction(files, (tx) =>
      this.changeIn(tx, input.ticketId, async (tx, ticket) => ({
        ticket,
        row: await this.deps.tickets.insertAttachment(tx, {
          ticketId: ticket.id,
          authorUsername: session.user.username,
          description: input.description,
          ...image,
        }),
      })),
    );
    await this.pushStatistics();
    void this.deps.mail.notify(ticket, {
      kind: 'attachment',
      author: session.user.username,
      description: input.description,
    });
    const thumbnail = files[1].source as Buffer;
    return toAttachment(row, thumbnail);
  }

  /** The attachment's (or its thumbnail's) key in the file store, with the name and type its download gets. */
  async download(id: number, thumb = false): Promise<{ key: string; fileName: string; mimeType: string }> {
    const row = await this.deps.tickets.attachment(id);
    if (!row) throw notFound(`There is no attachment ${id}.`);
    const names = attachmentFileNames(row);
    return {
      key: thumb ? row.thumbKey : row.fileKey,
      fileName: thumb ? names.thumbFileName : names.fileName,
      mimeType: row.mimeType,
    };
  }

  statistics() {
    return this.deps.tickets.statistics();
  }

  /** Runs `action` on the locked ticket: 404 when it is missing, 409 when it is closed. */
  private async change<T>(id: number, action: (tx: Db, ticket: TicketRow) => Promise<T>): Promise<T> {
    return this.deps.tickets.db.transaction((tx) => this.changeIn(tx, id, action));
  }

  private async changeIn<T>(tx: Db, id: number, action: (tx: Db, ticket: TicketRow) => Promise<T>): Promise<T> {
    const ticket = await this.deps.tickets.lock(tx, id);
    if (!ticket) throw notFound(`There is no ticket ${id}.`);
    if (ticket.closed) throw conflict(TICKET_CLOSED_MESSAGE(id));
    return action(tx, ticket);
  }

  private async summary(id: number): Promise<TicketSummary> {
    const row = await this.deps.tickets.find(id);
    if (!row) throw notFound(`There is no ticket ${id}.`);
    return toTicketSummary(row);
  }

  /** The alert every console shows, the new statistics, and the unit's badge on radar cards. */
  private announce(
    event: 'REPORT_SUPPORT_TICKET_CREATED' | 'REPORT_SUPPORT_TICKET_CLOSED' | 'REPORT_SUPPORT_TICKET_COMMENT_CREATED',
    ticket: TicketRow,
    username: string,
  ): void {
    this.deps.live.broadcast(event, { id: ticket.id, serialNumber: ticket.serialNumber, username });
    void this.pushStatistics();
    if (event !== 'REPORT_SUPPORT_TICKET_COMMENT_CREATED') {
      this.deps.events.notify('ticketChanged', { serialNumber: ticket.serialNumber });
    }
  }

  private async pushStatistics(): Promise<void> {
    try {
      this.deps.live.broadcast('SUPPORT_TICKET_STATISTICS', await this.statistics());
    } catch (err) {
      this.deps.logger.warn({ err }, 'ticket statistics not pushed');
    }
  }
}
