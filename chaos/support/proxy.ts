import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request body larger than this is refused: units and the console send small ones. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface LoadBalancer {
  url: string;
  close(): Promise<void>;
}

/**
 * The load balancer's stand-in: round robin over the instances, and a request that an instance
 * refuses (it is down) goes to the next one, as a balancer's passive health check would. Headers go
 * through as they came (X-Forwarded-For of the units' check-ins included): the instances trust it.
 */
export async function startLoadBalancer(ports: () => number[]): Promise<LoadBalancer> {
  let next = 0;
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) return void res.writeHead(413).end();
        chunks.push(chunk);
      }
      const body = Buffer.concat(chunks);
      const targets = ports();
      const start = next++;
      for (let i = 0; i < targets.length; i += 1) {
        const port = targets[(start + i) % targets.length]!;
        const outcome = await forward(port, req, body, res);
        if (outcome === 'answered') return;
        // Only a request the instance never read may go to another: a POST must not run twice.
        if (outcome !== 'not taken' && req.method !== 'GET' && req.method !== 'HEAD') break;
      }
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('no instance answered');
      else res.destroy();
      // The client went away while sending: nothing to answer.
    })().catch(() => res.destroy());
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Outcome = 'answered' | 'not taken' | 'failed';

function forward(port: number, req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): Promise<Outcome> {
  return new Promise((resolve) => {
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        res.once('close', () => resolve('answered'));
        // The instance died while it answered: the client sees a cut response, as behind a real balancer.
        answer.once('error', () => {
          res.destroy();
          resolve('answered');
        });
        answer.once('aborted', () => res.destroy());
      },
    );
    upstream.once('error', (err: NodeJS.ErrnoException) => {
      if (!res.headersSent) {
        // A refused connection: the instance is down and read nothing.
        return resolve(err.code === 'ECONNREFUSED' ? 'not taken' : 'failed');
      }
      res.destroy();
      resolve('answered');
    });
    upstream.end(body);
  });
}
