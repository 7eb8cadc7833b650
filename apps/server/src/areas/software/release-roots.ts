import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { asc, desc, gt, sql } from 'drizzle-orm';
import { MAX_ROOT_CHAIN, rootMetadataSchema, type RootMetadata } from '@ed/contract/release-metadata';
import { ROLE_NAMES, type ReleaseTrust } from '@ed/contract/release-verification';
import { canonicalBytes } from '@ed/release-trust/canonical-json';
import { TrustError, updateRoot } from '@ed/release-trust/verify';
import type { Db } from '../../db/client.js';
import { releaseRoots } from '../../db/schema.js';
import { badRequest, conflict } from '../../shared/domain-error.js';

/** The chain a stage command carries changes only at a rotation: read at most this often. */
const CHAIN_CACHE_MS = 10_000;

/**
 * The release roots this console trusts (docs/signed-updates.md). The first is pinned from
 * RELEASE_ROOT_FILE (or the demo's); each later one must be signed by the one before and by its
 * own keys, whether it comes from that file at a start or from an administrator. Kept in the
 * database, so every instance trusts the same root.
 */
export class ReleaseRoots {
  private filePinned: Promise<void> | null = null;
  private chainCache: { at: number; roots: RootMetadata[] } | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: { rootFile?: string; now(): Date; logger: FastifyBaseLogger },
  ) {}

  /** The newest trusted root, or null while none is pinned. */
  async current(db: Db = this.db): Promise<RootMetadata | null> {
    await this.fromFile();
    const [row] = await db
      .select({ metadata: releaseRoots.metadata })
      .from(releaseRoots)
      .orderBy(desc(releaseRoots.version))
      .limit(1);
    return row?.metadata ?? null;
  }

  /** The roots after the first, oldest first (at most MAX_ROOT_CHAIN): a unit walks them from its pin. */
  async chain(): Promise<RootMetadata[]> {
    const now = Date.now();
    if (this.chainCache && now - this.chainCache.at < CHAIN_CACHE_MS) return this.chainCache.roots;
    await this.fromFile();
    const newest = await this.db
      .select({ metadata: releaseRoots.metadata })
      .from(releaseRoots)
      .where(gt(releaseRoots.version, 1))
      .orderBy(desc(releaseRoots.version))
      .limit(MAX_ROOT_CHAIN);
    const roots = newest.map((r) => r.metadata).reverse();
    this.chainCache = { at: now, roots };
    return roots;
  }

  /**
   * Trusts `candidate`: the first root is pinned as it is (the operator's or the demo's choice);
   * a later one only when the current root's keys and its own sign it (TUF's root rotation).
   * Returns what happened; throws a 400 naming the failed check otherwise.
   */
  async trust(candidate: unknown, source: string): Promise<'pinned' | 'rotated' | 'unchanged'> {
    const parsed = rootMetadataSchema.safeParse(candidate);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw badRequest(`root: ${issue?.path.join('.') || 'the root'}: ${issue?.message ?? 'not a root'}`, 'root');
    }
    const result = await this.db.transaction(async (tx) => {
      // One trust change at a time across instances: a rotation is checked against the newest root.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('release-roots'))`);
      const [current] = await tx
        .select({ metadata: releaseRoots.metadata })
        .from(releaseRoots)
        .orderBy(desc(releaseRoots.version))
        .limit(1);
      if (!current) {
        await tx.insert(releaseRoots).values({ version: parsed.data.signed.version, metadata: parsed.data, source });
        return 'pinned' as const;
      }
      if (parsed.data.signed.version <= current.metadata.signed.version) return 'unchanged' as const;
      let next: RootMetadata;
      try {
        next = updateRoot(current.metadata, parsed.data, this.options.now());
      } catch (err) {
        if (err instanceof TrustError) throw badRequest(err.message, 'root');
        throw err;
      }
      const inserted = await tx
        .insert(releaseRoots)
        .values({ version: next.signed.version, metadata: next, source })
        .onConflictDoNothing()
        .returning({ version: releaseRoots.version });
      if (inserted.length === 0) throw conflict(`Root version ${next.signed.version} is trusted already.`);
      return 'rotated' as const;
    });
    this.chainCache = null;
    return result;
  }

  /** What the Release Keys screen shows. */
  async describe(allowUnsigned: boolean): Promise<ReleaseTrust> {
    const root = await this.current();
    if (!root) return { root: null, allowUnsigned, roles: [], keys: [] };
    const { signed } = root;
    return {
      root: { version: signed.version, expires: signed.expires },
      allowUnsigned,
      roles: ROLE_NAMES.map((role) => ({
        role,
        threshold: signed.roles[role].threshold,
        keys: signed.roles[role].keyids.length,
      })),
      keys: Object.entries(signed.keys)
        .map(([keyid, key]) => ({
          name: key.name,
          keyid,
          roles: ROLE_NAMES.filter((role) => signed.roles[role].keyids.includes(keyid)),
          expires: key.expires,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  /** Whether `root` is the one trusted now (the same signed contents). */
  async isCurrent(root: RootMetadata): Promise<boolean> {
    const current = await this.current();
    return current !== null && canonicalBytes(current.signed).equals(canonicalBytes(root.signed));
  }

  /** The first root this console pinned: the one the demo's units are made with, as at a factory. */
  async first(): Promise<RootMetadata | null> {
    await this.fromFile();
    const [row] = await this.db
      .select({ metadata: releaseRoots.metadata })
      .from(releaseRoots)
      .orderBy(asc(releaseRoots.version))
      .limit(1);
    return row?.metadata ?? null;
  }

  /**
   * RELEASE_ROOT_FILE, read once per process at the first use (not on the start path): pinned
   * when nothing is, a rotation when it is newer and signed by the trusted root, else left alone.
   */
  private fromFile(): Promise<void> {
    const file = this.options.rootFile;
    if (!file) return Promise.resolve();
    this.filePinned ??= (async () => {
      const text = await readFile(file, 'utf8');
      const outcome = await this.trust(JSON.parse(text) as unknown, 'RELEASE_ROOT_FILE');
      if (outcome !== 'unchanged') this.options.logger.info({ file, outcome }, `release root ${outcome} from ${file}`);
    })().catch((err: unknown) => {
      // Not cached: a fixed file is taken at the next use, without a restart.
      this.filePinned = null;
      this.options.logger.error({ err, file }, 'RELEASE_ROOT_FILE could not be trusted');
    });
    return this.filePinned;
  }
}
