import type { HandlerRules } from '@ed/contract/http-api';
import type { Permission } from '@ed/contract/permissions';
import type { Config } from './config/env.js';
import type { Database, Db } from './db/client.js';
import type { FileStore } from './shared/file-store/file-store.js';
import type { Mailer } from './shared/mailer.js';
import type { Outbox } from './shared/outbox.js';
import type { RateLimiter } from './shared/rate-limiter.js';
import type { Telemetry } from './shared/telemetry.js';
import type { DomainEventBus } from './ports/domain-events.js';
import type { ActiveSession } from './ports/session.js';
import type { UnitCredentials } from './ports/device-auth.js';
import type { LiveConsoles } from './ports/live.js';
import type { PasswordWork, SignInLocks } from './ports/credentials.js';
import type { AccountCreation, UserAccounts } from './ports/users.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a bearer token. */
    public?: boolean;
    /** Role permission the caller needs; others get 403. */
    permission?: Permission;
    /** The role checks the handler makes beyond `permission` (ApiRoute.handlerRules), for OpenAPI. */
    handlerRules?: HandlerRules;
    /** Called by units or vendors with a credential of their own (not a console session). */
    ownCredential?: boolean;
    /** Open to a session that must still enrol a second factor (the enrolment calls). */
    beforeSecondFactor?: boolean;
    /** What a call spends of its caller's API budget: one, or API_RATE_LIMIT_EXPORT_COST for an export. */
    rateCost?: 'call' | 'export';
    /** Errors also in RFC 6749 §5.2's shape (ApiRoute.oauthErrors): the token endpoint. */
    oauthErrors?: boolean;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
    /** The X-Request-Id the client sent, if well formed: logged and audited beside the server's id. */
    clientRequestId: string | null;
    /** Who acted, for a call without a session that knows (a sign-in that found its account). */
    auditActor?: string;
  }
  interface FastifyInstance {
    config: Config;
    /** The domain events (ports/domain-events.ts): areas emit and subscribe through it. */
    events: DomainEventBus;
    /** Counts and timings for metrics (shared/telemetry.ts): told by the parts, heard by plugins/metrics.ts. */
    telemetry: Telemetry;
    database: Database;
    db: Db;
    files: FileStore;
    mailer: Mailer;
    outbox: Outbox;
    limiter: RateLimiter;
    /** Every Argon2 hash and verification of the process, behind one bounded semaphore. */
    passwords: PasswordWork;
    /** The accounts' sign-in locks (auth's), which an admin's new password clears. */
    signInLimits: SignInLocks;
    /** The user records as other areas read them (users'). */
    usersRepository: UserAccounts;
    /** Account creation (users'): the Users screen and a start's accounts. */
    users: AccountCreation;
    /** The consoles' live connections (live's LiveHub). */
    live: LiveConsoles;
    /** Checks a unit's device token (the fleet's credentials): the calls units make over HTTP. */
    unitCredentials: UnitCredentials;
  }
}
