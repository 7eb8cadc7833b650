import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import type { SavedView, ViewFilter } from '@ed/contract/saved-views';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../shared/domain-error.js';
import { enforceRule } from '../../shared/handler-rules.js';
import type { ActiveSession } from '../../ports/session.js';
import type { ViewTargets } from '../../ports/saved-views.js';
import type { SavedViewRow, SavedViewsRepository } from './saved-views.repository.js';
import { viewCondition } from './view-members.js';

/** Views one user may own: enough for every team's groups, bounded so a list stays short. */
const OWNED_VIEWS_MAX = 50;

type Input = { name: string; shared: boolean; filter: ViewFilter };

/**
 * What still needs a view, asked before it is deleted: each area that can target one registers
 * its own check, which names what stands in the way (or null when nothing does).
 */
export type ViewInUse = (tx: Db, view: { id: number; name: string }, now: Date) => Promise<string | null>;

/** The routes' declared rules (create and update share the radar's, update and delete the owner's). */
const { otherRadar, othersView } = savedViewsRoutes.updateSavedView.handlerRules;

/** A view of a radar is of the caller's own (an admin's may name anyone's): radars are personal. */
function assertOwnRadar(session: ActiveSession, filter: ViewFilter): void {
  const radar = filter.radarOf?.toLowerCase();
  if (radar && radar !== session.user.username.toLowerCase()) {
    enforceRule(session.user.role, otherRadar, 'A saved view may show your own radar only.');
  }
}

/** Saved views (dynamic groups, docs/rollouts.md): the owner edits, everyone sees the shared ones. */
export class SavedViewsService implements ViewTargets {
  private readonly inUseChecks: ViewInUse[] = [];

  constructor(
    private readonly db: Db,
    private readonly repository: SavedViewsRepository,
    private readonly now: () => Date,
  ) {}

  /** Registers what must be done or gone before a view may be deleted. */
  guardDelete(check: ViewInUse): void {
    this.inUseChecks.push(check);
  }

  async list(session: ActiveSession): Promise<SavedView[]> {
    const rows = await this.repository.visibleTo(session.user.id);
    return Promise.all(rows.map((row) => this.toView(row)));
  }

  async create(session: ActiveSession, input: Input): Promise<SavedView> {
    assertOwnRadar(session, input.filter);
    if ((await this.repository.ownedCount(session.user.id)) >= OWNED_VIEWS_MAX) {
      throw conflict(`You have ${OWNED_VIEWS_MAX} saved views, the most one user may keep; delete one first.`);
    }
    await this.assertNameFree(session.user.id, input.name);
    const id = await this.repository.insert({ ...input, ownerId: session.user.id });
    return this.toView(await this.found(id));
  }

  async update(session: ActiveSession, id: number, input: Input): Promise<SavedView> {
    assertOwnRadar(session, input.filter);
    const row = await this.editable(session, id);
    await this.assertNameFree(row.ownerId, input.name, id);
    await this.repository.update(id, input, this.now());
    return this.toView(await this.found(id));
  }

  async delete(session: ActiveSession, id: number): Promise<string> {
    const row = await this.editable(session, id);
    await this.db.transaction(async (tx) => {
      for (const check of this.inUseChecks) {
        const reason = await check(tx, { id, name: row.name }, this.now());
        if (reason) throw conflict(reason);
      }
      await this.repository.delete(id, tx);
    });
    return row.name;
  }

  /** The view's condition on units, for a target; 404 for a view the user may not see (null: any view). */
  async conditionOf(id: number, userId: number | null, db?: Db) {
    const row = await this.repository.byId(id, db);
    if (!row || (userId !== null && !row.shared && row.ownerId !== userId)) {
      throw notFound(`There is no saved view ${id}.`);
    }
    return { name: row.name, filter: row.filter, condition: viewCondition(row.filter) };
  }

  private async editable(session: ActiveSession, id: number): Promise<SavedViewRow> {
    const row = await this.repository.byId(id);
    const visible = row && (row.shared || row.ownerId === session.user.id);
    if (!row || !visible) throw notFound(`There is no saved view ${id}.`);
    if (row.ownerId !== session.user.id) {
      const message = `The view ${row.name} is ${row.owner}'s; only its owner or an admin may change it.`;
      enforceRule(session.user.role, othersView, message);
    }
    return row;
  }

  private async found(id: number): Promise<SavedViewRow> {
    const row = await this.repository.byId(id);
    if (!row) throw notFound(`There is no saved view ${id}.`);
    return row;
  }

  private async assertNameFree(ownerId: number, name: string, exceptId?: number): Promise<void> {
    if (await this.repository.nameTaken(ownerId, name, exceptId)) {
      throw conflict(`There is a saved view named ${name} already.`);
    }
  }

  private async toView(row: SavedViewRow): Promise<SavedView> {
    return {
      id: row.id,
      name: row.name,
      owner: row.owner,
      shared: row.shared,
      filter: row.filter,
      members: await this.repository.members(row.filter),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}
