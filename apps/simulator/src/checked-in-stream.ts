import { Duplex } from 'node:stream';

/**
 * A stream to the broker that opens its connection only once the unit's check-in for it has had
 * its first answer, or `waitMs` has passed: the check-in comes before the CONNECT
 * (docs/device-protocol.md, "What a unit sends on connect"), while a check-in that fails is
 * retried in the background and never keeps the unit off the broker. What mqtt.js writes
 * meanwhile (its CONNECT) waits here.
 */
export function afterCheckIn(open: () => Duplex, checkedIn: () => Promise<unknown>, waitMs: number): () => Duplex {
  return () => {
    let inner: Duplex | null = null;
    const waiting: [Buffer, BufferEncoding, (error?: Error | null) => void][] = [];
    const outer = new Duplex({
      write(chunk: Buffer, encoding, done) {
        if (inner) inner.write(chunk, encoding, done);
        else waiting.push([chunk, encoding, done]);
      },
      read() {
        inner?.resume();
      },
      final(done) {
        if (inner) inner.end(done);
        else done();
      },
      destroy(error, done) {
        inner?.destroy();
        done(error);
      },
    });
    const timer = new Promise((resolve) => setTimeout(resolve, waitMs).unref());
    void Promise.race([checkedIn().catch(() => undefined), timer]).then(() => {
      if (outer.destroyed) return;
      const socket = open();
      inner = socket;
      socket.on('data', (chunk: Buffer) => {
        if (!outer.push(chunk)) socket.pause();
      });
      socket.on('end', () => outer.push(null));
      socket.on('error', (error) => outer.destroy(error));
      socket.on('close', () => outer.destroy());
      for (const [chunk, encoding, done] of waiting.splice(0)) socket.write(chunk, encoding, done);
    });
    return outer;
  };
}
