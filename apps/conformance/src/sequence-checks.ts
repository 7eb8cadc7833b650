import type { DeviceTopics } from '@ed/contract/device-topics';
import type { CheckBook } from './checks.js';
import { beatsOf, seqOf, statusOf, willSeqOf, type ConnectionView } from './connections.js';
import type { Seen } from './observations.js';

/** A beat may come this much later than heartbeatSeconds (timers, the network): 20 %, 2 s at least. */
export const beatGraceMs = (heartbeatSeconds: number): number => Math.max(2_000, heartbeatSeconds * 200);

/**
 * The birth again every heartbeatSeconds on each connection, with the connection's seq. Judged
 * over every stretch of a connection, up to its end or the end of the run.
 */
export function checkHeartbeats(
  book: CheckBook,
  views: readonly ConnectionView[],
  statusTopic: string,
  now: number,
  timeoutMs: number,
): void {
  const heartbeat = views.map((v) => (v.birth ? statusOf(v.birth)?.heartbeatSeconds : undefined)).find(Boolean);
  if (heartbeat === undefined) return book.skip('heartbeat', 'no birth with heartbeatSeconds');
  if (heartbeat * 1000 > timeoutMs) {
    return book.skip(
      'heartbeat',
      `heartbeatSeconds ${heartbeat} is longer than --timeout-seconds; run with a longer timeout`,
    );
  }
  const limit = heartbeat * 1000 + beatGraceMs(heartbeat);
  let judged = 0;
  for (const view of views) {
    const beats = beatsOf(view, statusTopic);
    const end = view.close?.at ?? now;
    const times = [...beats.map((b) => b.at), end];
    for (let i = 1; i < times.length; i += 1) {
      const gap = (times[i] ?? 0) - (times[i - 1] ?? 0);
      const last = i === times.length - 1;
      // The stretch after the last beat counts only once it is longer than a beat may be.
      if (last && gap <= limit) continue;
      judged += 1;
      if (gap > limit) {
        book.fail(
          'heartbeat',
          `connection #${view.connect.connection}: ${(gap / 1000).toFixed(1)} s without a beat (heartbeatSeconds ${heartbeat})`,
        );
      }
    }
    const strange = beats.find((b) => statusOf(b)?.seq !== view.seq);
    if (strange)
      book.fail(
        'heartbeat',
        `connection #${view.connect.connection}: a beat with seq ${statusOf(strange)?.seq ?? 'none'}, not ${view.seq ?? 'none'}`,
      );
  }
  if (judged === 0) return book.skip('heartbeat', 'no connection lasted a beat');
  book.pass('heartbeat', `every ${heartbeat} s`);
}

/** Each birth and beat's stateSeq, when sent, names the latest state report the unit published. */
export function checkStateSeq(book: CheckBook, log: readonly Seen[], topics: DeviceTopics, serial: string): void {
  let latest: number | null = null;
  let named = 0;
  for (const seen of log) {
    if (seen.kind !== 'publish' || seen.will || seen.dup) continue;
    if (seen.topic === topics.state(serial)) latest = seqOf(seen.payload) ?? latest;
    if (seen.topic !== topics.status(serial)) continue;
    const status = statusOf(seen);
    if (!status?.online || status.stateSeq === undefined) continue;
    named += 1;
    if (status.stateSeq !== latest) {
      book.fail(
        'state-seq',
        `a beat names stateSeq ${status.stateSeq}; the latest state report was seq ${latest ?? 'none'}`,
      );
    }
  }
  if (named === 0) book.fail('state-seq', 'no birth or beat carries stateSeq');
  else book.pass('state-seq', `${named} births and beats`);
}

/**
 * One sequence for everything: each connection let in, and each state report, takes a seq above
 * every one the unit used before (births, beats and deaths repeat their connection's).
 * Retransmissions (DUP) carry their old seq and are left out.
 */
export function checkSequences(book: CheckBook, log: readonly Seen[], topics: DeviceTopics, serial: string): void {
  let highest = -1;
  let counted = 0;
  const used = new Map<number, string>();
  const take = (seq: number | null, what: string): void => {
    counted += 1;
    if (seq === null) return book.fail('sequences', `${what} without a seq`);
    if (seq <= highest) {
      const earlier = used.get(seq);
      book.fail(
        'sequences',
        `${what}: seq ${seq} ${earlier ? `reuses that of ${earlier}` : `is not above ${highest}, used before`}`,
      );
    }
    used.set(seq, what);
    highest = Math.max(highest, seq);
  };
  for (const seen of log) {
    if (seen.kind === 'connect' && seen.refusal === null) take(willSeqOf(seen), `connection #${seen.connection}`);
    if (seen.kind === 'publish' && !seen.will && !seen.dup && seen.topic === topics.state(serial)) {
      take(seqOf(seen.payload), 'a state report');
    }
  }
  if (counted > 0) book.pass('sequences', `${counted} connections and reports`);
}
