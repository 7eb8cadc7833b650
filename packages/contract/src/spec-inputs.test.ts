import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resetServiceQuerySchema } from './dashboard.js';
import { serialUploadNotice } from './messages.js';
import { createUpdateRequestSchema } from './software.js';
import { emptyAsAbsent, flagParam, listOrCommaText, sortKeyInput, versionInput } from './spec-inputs.js';
import { createTicketRequestSchema } from './tickets.js';

const issues = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the spec client’s shapes', () => {
  it('reads a version as {semantic, meta} or as the semantic string alone', () => {
    const version = versionInput(z.string().regex(/^\d+\.\d+\.\d+$/, 'must be a version like 5.2.0'));
    expect(version.parse('5.2.0')).toEqual({ semantic: '5.2.0', meta: null });
    expect(version.parse({ semantic: '5.2.0' })).toEqual({ semantic: '5.2.0', meta: null });
    expect(version.parse({ semantic: '5.2.0', meta: 'rc1' })).toEqual({ semantic: '5.2.0', meta: 'rc1' });
    expect(issues(version.safeParse({ semantic: 'five' }))).toEqual(['semantic: must be a version like 5.2.0']);
    expect(issues(version.safeParse(5))).toEqual([
      ': version must be a version like 5.2.0, alone or as {semantic, meta}',
    ]);
  });

  it('takes the prerequisite of a create call as a text or as the manifest’s {require}', () => {
    const body = { version: { semantic: '5.3.0', meta: null }, family: 'aligner', path: 'p' };
    expect(createUpdateRequestSchema.parse({ ...body, prerequisite: '5.0.0' }).prerequisite).toBe('5.0.0');
    expect(createUpdateRequestSchema.parse({ ...body, prerequisite: { require: '5.0.0' } }).prerequisite).toBe('5.0.0');
    expect(createUpdateRequestSchema.parse({ ...body, prerequisite: null }).prerequisite).toBeNull();
  });

  it('treats empty query parameters as absent, and flags as true or false', () => {
    const query = z.object({
      sortBy: sortKeyInput(['serialNumber', 'version'] as const, { 'version.semantic': 'version' }),
      sortDesc: flagParam('sortDesc'),
      filter: emptyAsAbsent(z.string()),
    });
    expect(query.parse({ sortBy: '', sortDesc: '', filter: '' })).toEqual({ sortDesc: false });
    expect(query.parse({ sortBy: 'version.semantic', sortDesc: 'true' })).toEqual({
      sortBy: 'version',
      sortDesc: true,
    });
    expect(issues(query.safeParse({ sortBy: 'colour' }))).toEqual([
      'sortBy: sortBy must be one of serialNumber, version',
    ]);
    expect(issues(query.safeParse({ sortDesc: 'yes' }))).toEqual(['sortDesc: sortDesc must be true or false']);
  });

  it('takes a list as JSON or as comma-separated text', () => {
    const list = listOrCommaText(z.array(z.string().toUpperCase()).min(1, 'must not be empty'), 'filter');
    expect(list.parse(['ab*', '*'])).toEqual(['AB*', '*']);
    expect(list.parse(' ab* , *,')).toEqual(['AB*', '*']);
    expect(issues(list.safeParse(''))).toEqual([': must not be empty']);
  });

  it('names a service by its name or by the label the dashboard shows', () => {
    expect(resetServiceQuerySchema.parse({ serviceName: 'aligner update' }).serviceName).toBe('alignerUpdate');
    expect(resetServiceQuerySchema.parse({ serviceName: 'EZ-ADAS' }).serviceName).toBe('ezAdas');
    expect(resetServiceQuerySchema.parse({ serviceName: 'gateway' }).serviceName).toBe('gateway');
    expect(issues(resetServiceQuerySchema.safeParse({ serviceName: 'coffee' }))[0]).toMatch(
      /^serviceName: serviceName must be one of logging/,
    );
  });

  it('takes a ticket’s unit details in any shape, and its Yes/No answers as booleans or words', () => {
    const base = { issuerUsername: 'ann', serialNumber: 'V33CT0001' };
    const ticket = createTicketRequestSchema.parse({
      ...base,
      version: '5.1.0',
      specs: 'unknown',
      model: 'V3D aligner',
      techOnSite: 'Yes',
      reproducible: '',
      exhibitingNow: false,
      disposition: '',
    });
    expect(ticket).toMatchObject({ techOnSite: true, reproducible: null, exhibitingNow: false, disposition: null });
    expect(createTicketRequestSchema.safeParse({ ...base, version: { semantic: '5.1.0', meta: null } }).success).toBe(
      true,
    );
    expect(issues(createTicketRequestSchema.safeParse({ ...base, techOnSite: 'maybe' }))).toEqual([
      'techOnSite: techOnSite must be true or false (Yes or No)',
    ]);
  });

  it('says what a serial upload left out, singular for one', () => {
    expect(serialUploadNotice({ serialNumbers: [], invalid: [], duplicates: 1 })).toBe('1 duplicate removed.');
    expect(serialUploadNotice({ serialNumbers: [], invalid: [], duplicates: 3 })).toBe('3 duplicates removed.');
    expect(serialUploadNotice({ serialNumbers: [], invalid: [{ line: 4, value: 'x' }], duplicates: 0 })).toBe(
      'Invalid serial number left out: line 4 "x".',
    );
    expect(
      serialUploadNotice({
        serialNumbers: [],
        invalid: [
          { line: 2, value: 'a' },
          { line: 5, value: 'b' },
        ],
        duplicates: 2,
      }),
    ).toBe('2 duplicates removed. Invalid serial numbers left out: line 2 "a", line 5 "b".');
  });
});
