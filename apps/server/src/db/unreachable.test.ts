import { describe, expect, it } from 'vitest';
import { unreachableDatabaseMessage } from './unreachable.js';

const URL_WITH_SECRET = 'postgres://ed:s3cret@db.example:5433/ed';

describe('unreachableDatabaseMessage', () => {
  it('names the database by its address and says what to do, without the password', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5433'), { code: 'ECONNREFUSED' });
    const message = unreachableDatabaseMessage(URL_WITH_SECRET, refused);
    expect(message).toBe(
      'Equipment Dashboard could not start: the database at db.example:5433 (DATABASE_URL) does not answer: ' +
        'connect ECONNREFUSED 10.0.0.5:5433. Start PostgreSQL or correct DATABASE_URL, then start the server again.',
    );
    expect(message).not.toContain('s3cret');
  });

  it('gives the cause of a failed statement, not the statement and its parameters', () => {
    const cause = new Error('Connection terminated due to connection timeout');
    const failed = new Error('Failed query: insert into users values ($1)\nparams: secret-hash', { cause });
    expect(unreachableDatabaseMessage(URL_WITH_SECRET, failed)).toContain(
      'does not answer: Connection terminated due to connection timeout.',
    );
  });

  it('counts a connection that opens and never answers (a hung PostgreSQL) as unreachable', () => {
    expect(unreachableDatabaseMessage(URL_WITH_SECRET, new Error('timeout expired'))).toContain(
      'does not answer: timeout expired.',
    );
  });

  it('leaves other failures, and the embedded database, to the usual report', () => {
    expect(unreachableDatabaseMessage(URL_WITH_SECRET, new Error('syntax error'))).toBeUndefined();
    expect(
      unreachableDatabaseMessage(undefined, Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })),
    ).toBeUndefined();
  });
});
