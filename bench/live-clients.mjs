// A share of bench/live.mjs's dashboards, in a process of its own (one Node process cannot drive
// 2,000 long-polling clients and time them fairly). Driven over IPC by bench/live.mjs:
//   {type:'connect', url, transport, clients: [{token, user}]}  opens one dashboard each, answers
//     {type:'connected', at, failed, errors}: when the last one had its first CONNECTION_COUNTERS
//     (or gave up: refused, dropped, or no counters within a minute).
//   {type:'expect', id}  answers {type:'received', id, at: [...], expected} once every dashboard got the
//     REPORT_SUPPORT_TICKET_CREATED of ticket `id` (or after 10 s with what arrived).
//   {type:'close'}  closes them all, answers {type:'closed'}.
// Times are wall-clock milliseconds with sub-millisecond precision, comparable across processes.
import { Agent } from 'node:http';
import { io } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
const EXPECT_TIMEOUT_MS = 10_000;
/**
 * Long-polling in Node opens a new connection per request unless given an agent; a browser keeps
 * its connection alive, so the dashboards here do too.
 */
const agent = new Agent({ keepAlive: true });

let sockets = [];
/** Ticket id → receive times, filled as events arrive (an event may beat its `expect`). */
const received = new Map();
const waiting = new Map();

function onTicket({ id }) {
  const at = now();
  const times = received.get(id) ?? [];
  times.push(at);
  received.set(id, times);
  if (times.length === sockets.length) waiting.get(id)?.();
}

function open(url, transport, { token, user }) {
  const socket = io(url, {
    path: '/dashboard',
    transports: [transport],
    reconnection: false,
    agent,
    auth: { token },
  });
  socket.on('REPORT_SUPPORT_TICKET_CREATED', onTicket);
  const ready = new Promise((resolve) => {
    const timer = setTimeout(() => resolve('no counters within a minute'), 60_000);
    const settle = (result) => {
      clearTimeout(timer);
      resolve(result);
    };
    socket.once('CONNECTION_COUNTERS', () => settle(true));
    socket.once('connect_error', (err) => settle(err.message));
    socket.once('disconnect', (reason) => settle(`disconnected: ${reason}`));
  });
  // What the web app does on connect (apps/web's live socket): it names its user.
  socket.on('connect', () => socket.emit('dashboard/identity', user));
  // Only dashboards that connected are expected to receive events.
  return ready.then((result) => {
    if (result === true) sockets.push(socket);
    else socket.close();
    return result;
  });
}

// The benchmark ended or died: no dashboards left behind.
process.on('disconnect', () => process.exit(0));

process.on('message', async (message) => {
  if (message.type === 'connect') {
    const results = await Promise.all(message.clients.map((client) => open(message.url, message.transport, client)));
    const errors = results.filter((r) => r !== true);
    process.send({ type: 'connected', at: now(), failed: errors.length, errors: [...new Set(errors)] });
  } else if (message.type === 'expect') {
    const { id } = message;
    if ((received.get(id)?.length ?? 0) < sockets.length) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, EXPECT_TIMEOUT_MS);
        waiting.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    waiting.delete(id);
    process.send({ type: 'received', id, at: received.get(id) ?? [], expected: sockets.length });
    received.delete(id);
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.close();
    sockets = [];
    received.clear();
    process.send({ type: 'closed' });
  } else if (message.type === 'exit') {
    process.exit(0);
  }
});
