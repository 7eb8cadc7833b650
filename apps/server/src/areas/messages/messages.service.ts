import { PAGE_SIZE } from '@ed/contract/constants';
import {
  type createMessageRequestSchema,
  LIST_OR_VIEW_TEXT,
  MARKET_OR_VIEW_TEXT,
  mayMoveByEdit,
  type updateMessageRequestSchema,
  type Disposition,
  type Message,
  type MessagesResponse,
} from '@ed/contract/messages';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { SYSTEM_ACTOR, type AuditRecorder } from '../../ports/audits.js';
import type { ViewTargets } from '../../ports/saved-views.js';
import type { UnitCommands } from '../../ports/commands.js';
import type { ActiveSession } from '../../ports/session.js';
import type { Deliveries } from '../../shared/deliveries.js';
import { badRequest, conflict, forbidden, notFound } from '../../shared/domain-error.js';
import { enforceRule } from '../../shared/handler-rules.js';
import { illegalMove, schedule, toMessage } from './message-rows.js';
import type { MessageListFilter, MessageRow, MessagesRepository } from './messages.repository.js';

type CreateInput = z.output<typeof createMessageRequestSchema>;
type UpdateInput = z.output<typeof updateMessageRequestSchema>;
type User = ActiveSession['user'];

/** Who approves, and who approves their own message: the update route's declared rules. */
const { approve, approveOwn } = messagesRoutes.updateMessage.handlerRules;

const ITEMS_PER_TICK = 50;
const UNITS_PER_ITEM = 500;

export interface MessagesDeps {
  db: Db;
  repository: MessagesRepository;
  deliveries: Deliveries;
  bus: UnitCommands;
  audits: AuditRecorder;
  views: ViewTargets;
}

/** On-device messages: the disposition flow of part 2 §4 (docs/decisions.md), enforced here. */
export class MessagesService {
  constructor(private readonly deps: MessagesDeps) {}

  async create(user: User, input: CreateInput, now: Date): Promise<Message> {
    const view = await this.viewOf(user, input.targets.viewId);
    const row = await this.deps.repository.insert({
      ...schedule(input.schedule, now),
      header: input.header,
      body: input.body,
      callToAction: input.callToAction,
      market: input.targets.market,
      softwareVersion: input.targets.softwareVersion,
      serialNumbers: input.targets.serialNumbers,
      viewId: input.targets.viewId,
      issuerUsername: user.username,
      issuerEmail: user.email,
      disposition: 'draft',
    });
    return toMessage(row, 0, view);
  }

  /** Edit, Save and Submit, or Save and Approve: one step at a time; the issuer never changes. */
  async update(user: User, input: UpdateInput, now: Date): Promise<Message> {
    const { payload } = input;
    return this.deps.db.transaction(async (tx) => {
      const current = await this.find(tx, input.id);
      const from = current.disposition as Disposition;
      if (!mayMoveByEdit(from, payload.disposition)) throw illegalMove(from, payload.disposition);
      if (from === 'draft' && current.issuerUsername !== user.username) {
        throw forbidden(`Only ${current.issuerUsername}, its author, may edit draft ${current.id}.`);
      }
      if (payload.disposition === 'upcoming') {
        enforceRule(user.role, approve, `Your role (${user.role}) may not approve messages.`);
      }
      const ownApproval = payload.disposition === 'upcoming' && current.issuerUsername === user.username;
      // Four eyes: someone other than the author approves; an admin may override, on the record.
      if (ownApproval) {
        enforceRule(user.role, approveOwn, `You wrote message ${current.id}: someone else must approve it.`);
      }
      if (ownApproval) {
        await this.deps.audits.record(
          [
            {
              username: user.username,
              action: 'message approved by its own author (admin override)',
              target: String(current.id),
              outcome: 200,
              requestId: null,
              at: now,
            },
          ],
          tx,
        );
      }
      const viewId = payload.targets.viewId === undefined ? current.viewId : payload.targets.viewId;
      const serialNumbers = payload.targets.serialNumbers ?? current.serialNumbers;
      if (viewId !== null && serialNumbers.length > 0) throw badRequest(LIST_OR_VIEW_TEXT, 'targets.viewId');
      // No market only while a view, kept or new, is the target: without one it is the audience.
      if (viewId === null && payload.targets.market === '') throw badRequest(MARKET_OR_VIEW_TEXT, 'targets.market');
      // A view kept as it was stays, even one its author can no longer see; a new one must be visible.
      const view =
        viewId === current.viewId ? await this.deps.repository.viewName(viewId, tx) : await this.viewOf(user, viewId);
      const row = await this.deps.repository.update(tx, current.id, {
        ...schedule(payload.schedule, now),
        header: payload.header,
        body: payload.body,
        callToAction: payload.callToAction,
        market: payload.targets.market,
        softwareVersion: payload.targets.softwareVersion,
        serialNumbers,
        viewId,
        disposition: payload.disposition,
      });
      return toMessage(row, 0, view);
    });
  }

  /** Delete: a draft by its author only; any other message not yet deleted by anyone here. */
  async remove(user: User, id: number): Promise<Message> {
    return this.deps.db.transaction(async (tx) => {
      const current = await this.find(tx, id);
      if (current.disposition === 'deleted') throw conflict(`Message ${id} is already deleted.`);
      if (current.disposition === 'draft' && current.issuerUsername !== user.username) {
        throw forbidden(`Only ${current.issuerUsername}, its author, may delete draft ${id}.`);
      }
      const row = await this.deps.repository.update(tx, id, { disposition: 'deleted' });
      return toMessage(row, 0, await this.deps.repository.viewName(row.viewId, tx));
    });
  }

  async list(filter: MessageListFilter, page: number): Promise<MessagesResponse> {
    const { total, rows } = await this.deps.repository.page(filter, page, PAGE_SIZE);
    return { totalDocs: total, docs: rows.map((r) => toMessage(r.row, r.deliveredCount, r.viewName)) };
  }

  /** The list's rows for an export: the same filter, read a page at a time. */
  exportSource(filter: MessageListFilter) {
    const repository = this.deps.repository;
    return {
      count: () => repository.count(filter),
      page: async (offset: number, limit: number) =>
        (await repository.rows(filter, offset, limit)).map((r) => toMessage(r.row, r.deliveredCount, r.viewName)),
    };
  }

  /**
   * The timed job: upcoming → active at the start, active → completed after the end, each step
   * audited as the system. A message past both in one tick still passes through active.
   */
  async advance(now: Date): Promise<{ activated: number[]; completed: number[] }> {
    return this.deps.db.transaction(async (tx) => {
      const activated = await this.deps.repository.advance(tx, 'upcoming', 'active', now);
      const completed = await this.deps.repository.advance(tx, 'active', 'completed', now);
      const row = (action: string) => (id: number) => ({
        username: SYSTEM_ACTOR,
        action,
        target: String(id),
        outcome: 200,
        requestId: null,
        at: now,
      });
      await this.deps.audits.record(
        [...activated.map(row('message upcoming → active')), ...completed.map(row('message active → completed'))],
        tx,
      );
      return { activated, completed };
    });
  }

  /** Sends every active message to the connected units of its audience that do not have it yet. */
  async deliver(now: Date): Promise<number> {
    let delivered = 0;
    for (const m of await this.deps.repository.active(now, ITEMS_PER_TICK)) {
      const view = m.viewId === null ? undefined : (await this.deps.views.conditionOf(m.viewId, null)).condition;
      const audience = await this.deps.repository.audience(m, UNITS_PER_ITEM, view ?? sql`true`);
      const args = {
        messageId: m.id,
        header: m.header,
        body: m.body,
        callToAction: m.callToAction,
        startsAt: m.startDate.toISOString(),
        endsAt: m.endDate.toISOString(),
      };
      delivered += await this.deps.deliveries.deliver('message', m.id, audience, now, (serial) =>
        this.deps.bus.send(serial, 'show_message', args),
      );
    }
    return delivered;
  }

  /** What stands in the way of deleting a view: a message that still needs it. */
  async viewInUse(tx: Db, view: { id: number; name: string }): Promise<string | null> {
    const m = await this.deps.repository.openTargeting(tx, view.id);
    return m
      ? `Message ${m.id} (${m.disposition}) targets the view ${view.name}; delete it or change its target first.`
      : null;
  }

  /** The view's name; 404 for one the user may not see. */
  private async viewOf(user: User, viewId: number | null): Promise<string | null> {
    return viewId === null ? null : (await this.deps.views.conditionOf(viewId, user.id)).name;
  }

  private async find(tx: Db, id: number): Promise<MessageRow> {
    const row = await this.deps.repository.lock(tx, id);
    if (!row) throw notFound(`There is no message ${id}.`);
    return row;
  }
}
