import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { SOCKET_PATH } from '@ed/contract/constants';
import { CLIENT_EVENTS, identityPayloadSchema, socketAuthSchema } from '@ed/contract/socket';
import { readFleetCounts } from '../../db/fleet-counts.js';
import { adapterPool } from './adapter-pool.js';
import { LiveHub, rooms, type LiveServer, type LiveSocket } from './live-hub.js';

/** Timers cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * socket.io on /dashboard. The token comes in the handshake's auth payload (never the URL);
 * a socket without a valid one is refused, and one whose token is revoked or expires is dropped.
 */
async function livePlugin(app: FastifyInstance) {
  const io: LiveServer = new Server(app.server, { path: SOCKET_PATH, serveClient: false });
  const adapterClients = app.database.pool ? adapterPool(app.database.pool) : undefined;
  // Instances beat every 2 s and one silent for 5 s is dropped from the count of instances whose
  // answers a cross-instance read waits for (the defaults, 5 s and 10 s, left reads failing
  // for 10 s after an instance died).
  if (adapterClients) {
    io.adapter(
      createAdapter(adapterClients.pool, {
        tableName: 'socket_io_attachments',
        heartbeatInterval: 2_000,
        heartbeatTimeout: 5_000,
        errorHandler: (err) => app.log.warn({ err }, 'live events between instances'),
      }),
    );
  }
  const hub = new LiveHub(io, () => readFleetCounts(app.db), app.log);
  app.decorate('live', hub);
  app.events.on('sessionsRevoked', 'live', ({ sessionIds }) => hub.disconnectSessions(sessionIds));
  // A console may connect here with a session cached before its revocation reached this
  // instance; hearing the revocation drops it too.
  app.events.on('revocationApplied', 'live', ({ revocation }) => hub.disconnectLocal(revocation));
  if (adapterClients) {
    // Each instance's users travel between instances (console-users.ts); without the adapter there is one instance.
    io.on('live:users', (notice) => hub.users.receive(notice));
    io.on('live:users?', (to) => hub.users.answer(to));
    hub.users.share({
      tell: (notice) => io.serverSideEmit('live:users', notice),
      ask: (to) => io.serverSideEmit('live:users?', to),
    });
  }

  io.use((socket, next) => {
    const auth = socketAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('unauthorized'));
    app.sessionCache
      .authenticate(auth.data.token)
      .then((session) => {
        // A session that must still enrol a second factor gets nothing live either.
        if (!session || session.mfaPending) return next(new Error('unauthorized'));
        const { username, email, role } = session.user;
        socket.data = { sessionId: session.sessionId, user: { username, email, role } };
        const expiresIn = Math.min(MAX_TIMER_MS, session.expiresAt.getTime() - Date.now());
        const expiry = setTimeout(() => socket.disconnect(true), expiresIn);
        socket.once('disconnect', () => clearTimeout(expiry));
        next();
      })
      .catch((err: unknown) => {
        app.log.warn({ err }, 'socket authentication failed');
        next(new Error('unavailable'));
      });
  });

  io.on('connection', (socket: LiveSocket) => {
    const { sessionId, user } = socket.data;
    void socket.join([rooms.consoles, rooms.session(sessionId), rooms.user(user.username)]);
    socket.on(CLIENT_EVENTS.identity, (payload) => {
      const identity = identityPayloadSchema.safeParse(payload);
      // A client claiming to be someone other than its token's user is dropped.
      if (!identity.success || identity.data.username.toLowerCase() !== user.username.toLowerCase()) {
        socket.disconnect(true);
      }
    });
    hub.welcome(socket);
  });

  app.addHook('preClose', async () => {
    // Sockets first: the hub then tells the other instances goodbye with nothing left to count.
    io.local.disconnectSockets(true);
    hub.stop();
    io.engine.close();
    adapterClients?.close();
    await io.of('/').adapter.close();
  });
}

export default fp(livePlugin, { name: 'live', dependencies: ['database', 'auth-service', 'session-cache'] });
