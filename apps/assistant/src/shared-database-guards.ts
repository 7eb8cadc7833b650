import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AssistantGuards } from './access.js';
import type { AssistantDb } from './store.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const exists = async (db: AssistantDb, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as { rows: unknown[] }).rows.length > 0;

/**
 * Standalone, the assistant checks credentials in the console's database it shares: the console
 * stores sessions and device credentials as SHA-256 hashes (apps/server: sessions, device_credentials).
 * In-process the console passes its own checks instead.
 */
export function sharedDatabaseGuards(db: AssistantDb): AssistantGuards {
  return {
    consoleUser: (token) =>
      exists(
        db,
        sql`select 1 from public.sessions s join public.users u on u.id = s.user_id
            where s.token_hash = ${sha256(token)} and s.revoked_at is null and s.expires_at > now() and u.active
            limit 1`,
      ),
    device: (serialNumber, token) =>
      exists(
        db,
        sql`select 1 from public.device_credentials
            where serial_number = ${serialNumber} and token_hash = ${sha256(token)} and revoked_at is null
            limit 1`,
      ),
  };
}
