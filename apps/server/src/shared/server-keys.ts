import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serverKeys } from '../db/schema.js';

/**
 * A secret of the deployment, made by whichever instance needs it first and read by the others
 * from the database (no instance may hold state another one needs). A key never changes once
 * made, so each process reads it once.
 */
export class ServerKeys {
  private readonly loaded = new Map<string, Promise<Buffer>>();

  constructor(private readonly db: Db) {}

  key(name: string): Promise<Buffer> {
    let key = this.loaded.get(name);
    if (!key) {
      key = this.load(name);
      // A failed read (the database away) is tried again by the next caller, not kept.
      key.catch(() => this.loaded.delete(name));
      this.loaded.set(name, key);
    }
    return key;
  }

  private async load(name: string): Promise<Buffer> {
    // Two instances racing: the first insert wins and both read the winner's key.
    await this.db
      .insert(serverKeys)
      .values({ name, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(serverKeys).where(eq(serverKeys.name, name));
    if (!row) throw new Error(`server key ${name} could not be read back`);
    return Buffer.from(row.secret, 'base64url');
  }
}
