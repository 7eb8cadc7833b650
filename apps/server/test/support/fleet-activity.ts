import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VENDOR_KEY_HEADER } from '@ed/contract/trupoint';
import { writePackage } from './packages.js';

interface Answer {
  status: number;
  body: unknown;
}

/** How a test calls the built server: a method, a path, a body, and headers beside its bearer. */
export type Call = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer>;

function expectStatus(answer: Answer, statuses: number[], what: string): Answer {
  if (!statuses.includes(answer.status)) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer;
}

/**
 * A vendor's shop system pairs a connected Tru-Point with an alignment, aborts it and pairs again, through
 * the vendor API with a key issued in the console; answers the key, and how to pair once more.
 */
export async function vendorPairings(
  call: Call,
): Promise<{ apiKey: string; pair(alignmentId: string): Promise<string> }> {
  const vendors = (await call('GET', '/read/vendors/v1')).body as { name: string }[];
  let vendor = vendors[0]?.name;
  if (!vendor) {
    vendor = 'Bay Systems';
    expectStatus(await call('POST', '/create/vendor/v1', { name: vendor }), [201], 'vendor');
  }
  const key = expectStatus(await call('POST', '/create/vendor_key/v1', { vendor }), [201], 'vendor key').body as {
    apiKey: string;
  };
  const headers = { [VENDOR_KEY_HEADER]: key.apiKey };
  const pair = async (alignmentId: string): Promise<string> => {
    const deadline = Date.now() + 30_000;
    let refusals: string[] = [];
    // The demo's own vendor pairs now and then: a unit it holds answers 409 until its calibrations end.
    while (Date.now() < deadline) {
      const gtps = (await call('GET', '/read/updatescheduler_gtps/v1?onlyConnected=true')).body as {
        docs: { serialNumber: string }[];
      };
      refusals = [];
      for (const { serialNumber } of gtps.docs) {
        const body = { vendorKey: 'bay-3', alignmentId, serialNumber };
        const answer = await call('POST', '/vendor/v1/pairings', body, headers);
        if (answer.status === 201) return (answer.body as { id: string }).id;
        refusals.push(`${serialNumber}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`no connected Tru-Point could be paired: ${refusals.join('; ') || 'none connected'}`);
  };
  const aborted = await pair('AL-answers-1');
  const reason = { reason: 'The customer declined the calibration.' };
  expectStatus(await call('POST', `/vendor/v1/pairings/${aborted}/abort`, reason, headers), [200], 'abort');
  // The unit is free again: this one runs its calibrations to the end.
  await pair('AL-answers-2');
  return { apiKey: key.apiKey, pair };
}

/** A spec release from a package put under the server's UPDATES_DIR, as engineering publishes one. */
export async function specRelease(call: Call, updatesDir: string): Promise<void> {
  const version = { name: 'EU-2031', month: 4, year: 2031 };
  const folder = path.join(updatesDir, 'specs', 'eu-2031-04');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'specs.db'), Buffer.alloc(2048, 1));
  await writeFile(
    path.join(folder, 'manifest.json'),
    JSON.stringify({ version, prerequisites: { require: '5.0.0' }, files: ['specs.db'] }),
  );
  expectStatus(
    await call('POST', '/validate_spec_update_at_path/v1', { updatePath: 'specs/eu-2031-04' }),
    [200],
    'spec validation',
  );
  const release = { path: 'specs/eu-2031-04', version, active: false, targetFamily: 'aligner', filter: ['*'] };
  expectStatus(await call('POST', '/create/spec_update/v1', release), [200], 'spec release');
}

/** An aligner update published and scheduled for one aligner tomorrow, as the Schedule dialog does. */
export async function alignerSchedule(call: Call, updatesDir: string, serialNumber: string): Promise<void> {
  await writePackage(updatesDir, 'aligner-9.9.0', { semantic: '9.9.0' });
  const update = { version: { semantic: '9.9.0' }, family: 'aligner', path: 'aligner-9.9.0' };
  expectStatus(await call('POST', '/create/update/v1', update), [200], 'aligner update');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const schedule = { serialNumbers: [serialNumber], version: { semantic: '9.9.0' }, date: tomorrow };
  expectStatus(await call('POST', '/create/schedule_serial_numbers/v1', schedule), [200], 'schedule');
}

/** A unit that lost its credential registers again with the enrollment key: a claim waits for an admin. */
export async function unitClaim(call: Call, serialNumber: string, enrollmentKey: string): Promise<void> {
  const answer = await call('POST', '/device/v1/register', { serialNumber, enrollmentKey });
  expectStatus(answer, [202], 'claim');
}

/**
 * A webhook endpoint for the alarms the fleet raises and the claims units make, at a receiver the
 * test runs (on 127.0.0.1: the server runs with WEBHOOK_ALLOW_PRIVATE).
 */
export async function webhookEndpoint(call: Call, url: string): Promise<void> {
  const endpoint = { url, events: ['alarm.raised', 'unit_claim.waiting'] };
  expectStatus(await call('POST', '/create/webhook/v1', endpoint), [200], 'webhook endpoint');
}
