import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordFormSchema } from './auth.js';
import { targetTypeFormSchema } from './commands.js';
import { subscriptionFormSchema, targetFormSchema } from './easy.js';
import { messageFormSchema } from './messages.js';
import { dayRangeSchema } from './schedule.js';
import { specUpdateFormSchema } from './specs.js';
import { attachmentFormSchema } from './tickets.js';
import { createUserFormSchema, updateUserFormSchema } from './users.js';

const issues = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the web forms’ schemas', () => {
  it('refuses a select left at nothing chosen, and hands on a choice', () => {
    expect(issues(targetTypeFormSchema.safeParse({ targetType: '' }))).toEqual([
      'targetType: targetType must be AT200 or AT700',
    ]);
    expect(targetTypeFormSchema.parse({ targetType: 'AT700' })).toEqual({ targetType: 'AT700' });
  });

  it('reads Create Target as the request, with the dialog’s sentence for an id that is not a whole number', () => {
    const target = { packageIndex: 4, targetName: ' Rear Camera ', targetId: '-1' };
    expect(issues(targetFormSchema.safeParse(target))).toEqual(['targetId: A whole number of 0 or more.']);
    expect(targetFormSchema.parse({ ...target, targetId: '0' })).toEqual({
      packageIndex: 4,
      packageName: 'Premium + VAG',
      targetName: 'Rear Camera',
      targetId: 0,
    });
    expect(issues(targetFormSchema.safeParse({ ...target, packageIndex: '' }))).toEqual([
      'packageIndex: package is required',
      'targetId: A whole number of 0 or more.',
    ]);
  });

  it('asks a subscription’s expiry from today on, except for Included, and sends it as month, day and year', () => {
    expect(subscriptionFormSchema.parse({ package: 0, expires: '2001-01-01' })).toEqual({ package: 0 });
    expect(issues(subscriptionFormSchema.safeParse({ package: 1, expires: '2001-01-01' }))).toEqual([
      'expires: Choose a date from today on.',
    ]);
    expect(subscriptionFormSchema.parse({ package: 1, expires: '2031-04-05' })).toEqual({
      package: 1,
      month: 4,
      day: 5,
      year: 2031,
    });
  });

  it('says what is wrong with a day range, under the day it is about', () => {
    expect(issues(dayRangeSchema.safeParse({ start: day(-1), end: day(-2) }))).toEqual([
      'start: Not before today',
      'end: Not before the start',
    ]);
    expect(dayRangeSchema.safeParse({ start: day(0), end: day(0) }).success).toBe(true);
  });

  it("says 'Required' under a blank message text and market, whatever else is wrong", () => {
    const blank = { period: { start: day(1), end: day(2) }, header: ' ', body: 'b', callToAction: 'c', market: '' };
    expect(issues(messageFormSchema.safeParse({ ...blank, serialNumbers: [] }))).toEqual([
      'header: Required',
      'market: Required',
    ]);
    // A saved view as the target replaces the market.
    expect(issues(messageFormSchema.safeParse({ ...blank, serialNumbers: [], viewId: 4 }))).toEqual([
      'header: Required',
    ]);
  });

  it('reads a spec filter as the request does, with the dialog’s one sentence for any problem', () => {
    const spec = { path: 'specs/na', active: true, targetFamily: 'all' };
    expect(specUpdateFormSchema.parse({ ...spec, filter: 'ab*, ' }).filter).toEqual(['AB*']);
    expect(issues(specUpdateFormSchema.safeParse({ ...spec, filter: ' , ' }))).toEqual([
      'filter: Enter at least one serial number pattern',
    ]);
  });

  it('names a picked file that is not a PNG or JPEG', () => {
    const gif = new File([], 'a.gif', { type: 'image/gif' });
    expect(issues(attachmentFormSchema.safeParse({ file: gif, description: 'wheel' }))).toEqual([
      'file: a.gif is not a PNG or JPEG image: choose another file.',
    ]);
    const png = new File([], 'A.PNG', { type: '' });
    expect(attachmentFormSchema.safeParse({ file: png, description: 'wheel' }).success).toBe(true);
  });

  it('applies the password rule it is given as the password is typed, a blank one left to the field', () => {
    const rule = (password: string) => (password.includes('nina') ? ['Not your name.'] : []);
    const user = { username: 'nina', password: 'nina-password', email: 'x', role: '', active: true };
    expect(issues(createUserFormSchema(rule).safeParse(user))).toEqual([
      'email: email must be an e-mail address',
      'role: role is required',
      'password: Not your name.',
    ]);
    const edit = { username: 'nina', password: '', email: 'n@example.com', role: 'guest', active: false };
    expect(updateUserFormSchema(rule).parse(edit)).toEqual(edit);
  });

  it('refuses a new password equal to the current one, with the policy’s sentence', () => {
    expect(
      issues(
        changePasswordFormSchema('alice').safeParse({ prevPassword: 'old-password-1', newPassword: 'old-password-1' }),
      ),
    ).toEqual(['newPassword: The new password must differ from the current one.']);
  });
});
