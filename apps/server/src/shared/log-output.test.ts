import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { formatLogMessage, prettyLogStream, wantsPrettyLogs } from './log-output.js';

describe('log output', () => {
  it('is readable on a terminal and JSON elsewhere, unless told', () => {
    expect(wantsPrettyLogs('auto', true)).toBe(true);
    expect(wantsPrettyLogs('auto', false)).toBe(false);
    expect(wantsPrettyLogs('pretty', false)).toBe(true);
    expect(wantsPrettyLogs('json', true)).toBe(false);
  });

  it('says a request in one short line, and names the module of a line', () => {
    expect(formatLogMessage({ msg: 'request', method: 'GET', url: '/healthz', status: 200, ms: 3 }, 'msg')).toBe(
      'GET /healthz 200 3 ms',
    );
    expect(formatLogMessage({ msg: 'units connected', module: 'simulator' }, 'msg')).toBe('simulator: units connected');
    expect(formatLogMessage({ msg: 'plain' }, 'msg')).toBe('plain');
  });

  it('writes one readable line per entry, without colours off a terminal', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const log = pino({ level: 'info' }, await prettyLogStream(out));
    log.info({ method: 'POST', url: '/auth/token/v1', status: 401, ms: 12 }, 'request');
    log.warn({ serialNumber: 'V33CQ0123' }, 'unit authentication failed');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: POST \/auth\/token\/v1 401 12 ms$/);
    expect(lines[1]).toMatch(/WARN: unit authentication failed \{"serialNumber":"V33CQ0123"\}$/);
    expect(text).not.toContain('\u001b[');
  });
});
